// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ApiError } from '../../lib/api-client';
import { ClassDialog } from './ClassDialog';

afterEach(cleanup);

const instructors = [{ id: 'st1', fullName: 'Dana Lee' }];
const rooms = [{ id: 'r1', name: 'Studio', capacity: 1, active: true }];

function open(save: (body: Record<string, unknown>) => Promise<unknown>) {
  render(
    <ClassDialog
      locationId="l1"
      session={null}
      defaultDate="2026-03-10"
      instructors={instructors}
      rooms={rooms}
      save={save}
      onClose={() => undefined}
    />,
  );
  fireEvent.change(screen.getByTestId('class-name'), { target: { value: 'Yoga' } });
  fireEvent.change(screen.getByTestId('class-instructor'), { target: { value: 'st1' } });
}

describe('ClassDialog', () => {
  it('checks the form before sending', () => {
    const save = vi.fn();
    render(
      <ClassDialog
        locationId="l1"
        session={null}
        defaultDate="2026-03-10"
        instructors={instructors}
        rooms={rooms}
        save={save}
        onClose={() => undefined}
      />,
    );
    fireEvent.change(screen.getByTestId('class-capacity'), { target: { value: '0' } });
    fireEvent.click(screen.getByTestId('save-class'));
    expect(screen.getByText('Name is required')).toBeTruthy();
    expect(screen.getByText('Choose the instructor')).toBeTruthy();
    expect(screen.getByText('Capacity is 1 to 500')).toBeTruthy();
    expect(save).not.toHaveBeenCalled();
  });

  it('sends a weekly series with the room', async () => {
    const save = vi.fn().mockResolvedValue(undefined);
    open(save);
    fireEvent.change(screen.getByTestId('class-room'), { target: { value: 'r1' } });
    fireEvent.click(screen.getByTestId('class-repeat'));
    fireEvent.change(screen.getByTestId('class-count'), { target: { value: '4' } });
    fireEvent.click(screen.getByTestId('save-class'));
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    expect(save.mock.calls[0][0]).toMatchObject({
      locationId: 'l1',
      name: 'Yoga',
      instructorId: 'st1',
      roomId: 'r1',
      startsAt: '2026-03-10T15:00:00.000Z',
      repeat: { everyWeeks: 1, count: 4 },
    });
  });

  it('shows a 409 with every conflicting date', async () => {
    const body = {
      error: '2 of 4 dates are not free (Tue Mar 17: Dana Lee is with a client until 10:45 AM)',
      taken: [
        { startsAt: '2026-03-17T15:00:00.000Z', reason: 'Dana Lee is with a client until 10:45 AM' },
        { startsAt: '2026-03-24T15:00:00.000Z', reason: 'Studio is taken until 11:00 AM' },
      ],
    };
    open(() => Promise.reject(new ApiError(body.error, 409, body)));
    fireEvent.click(screen.getByTestId('save-class'));
    const alert = await screen.findByTestId('class-error');
    expect(alert.textContent).toContain('2 of 4 dates are not free');
    expect(alert.querySelectorAll('li')).toHaveLength(2);
    expect(alert.textContent).toContain('Studio is taken until 11:00 AM');
  });

  it('puts a 400 field error under its field', async () => {
    const body = {
      error: 'capacity: 12 clients have a seat: the capacity cannot be lower than 12',
      details: [{ field: 'capacity', message: '12 clients have a seat: the capacity cannot be lower than 12' }],
    };
    open(() => Promise.reject(new ApiError(body.error, 400, body)));
    fireEvent.click(screen.getByTestId('save-class'));
    await waitFor(() => expect(screen.getAllByText(/capacity cannot be lower than 12/)).toHaveLength(2));
  });
});
