// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { PickerClient } from '../../components/client-picker';
import type { ClassDetail, Enrolment } from './classes-api';
import { RosterPanel, type RosterPanelProps } from './RosterPanel';

afterEach(cleanup);

const e = (id: string, status: Enrolment['status'], waitlistPosition: number | null = null): Enrolment => ({
  id,
  sessionId: 's1',
  clientId: `c-${id}`,
  status,
  waitlistPosition,
  promotedAt: null,
  createdAt: '2026-03-01T00:00:00.000Z',
  updatedAt: '2026-03-01T00:00:00.000Z',
});
const detail = (over: Partial<ClassDetail> = {}): ClassDetail => ({
  id: 's1',
  locationId: 'l1',
  seriesId: null,
  name: 'Yoga',
  description: null,
  category: null,
  instructorId: 'st1',
  roomId: null,
  createdBy: null,
  createdAt: '2026-03-01T00:00:00.000Z',
  updatedAt: '2026-03-01T00:00:00.000Z',
  startsAt: '2026-03-10T15:00:00.000Z',
  endsAt: '2026-03-10T16:00:00.000Z',
  durationMin: 60,
  capacity: 2,
  priceMinor: 2000,
  currency: 'USD',
  status: 'scheduled',
  cancelReason: null,
  version: 1,
  enrolledCount: 2,
  waitlistedCount: 2,
  enrolments: [e('a', 'enrolled'), e('w2', 'waitlisted', 2), e('b', 'enrolled'), e('w1', 'waitlisted', 1), e('x', 'cancelled')],
  ...over,
});
const NAMES: Record<string, string> = { 'c-a': 'Ana Ruiz', 'c-b': 'Bea Cole', 'c-w1': 'Wes One', 'c-w2': 'Wyn Two', 'c-x': 'Xia Gone' };
const before = new Date('2026-03-09T12:00:00Z');
const during = new Date('2026-03-10T15:10:00Z');
const picked: PickerClient = { id: 'c-new', firstName: 'Nia', lastName: 'New', fullName: 'Nia New', phone: null, email: null, alerts: [] };

function setup(over: Partial<RosterPanelProps> = {}) {
  const props: RosterPanelProps = {
    detail: detail(),
    instructorName: 'Dana Lee',
    roomName: 'Studio',
    clientName: (id) => NAMES[id] ?? 'Client',
    now: before,
    can: { manage: true, enrol: true, attend: true },
    busy: false,
    notice: null,
    error: null,
    picker: ({ onChange }) => (
      <button type="button" onClick={() => onChange(picked)}>
        pick
      </button>
    ),
    onEnrol: vi.fn(),
    onCancelEnrolment: vi.fn(),
    onAttendance: vi.fn(),
    onEdit: vi.fn(),
    onCancelClass: vi.fn(),
    ...over,
  };
  render(<RosterPanel {...props} />);
  return props;
}

describe('RosterPanel', () => {
  it('lists the seats and the waitlist in its order, with names from the clients API', () => {
    setup();
    expect(
      within(screen.getByTestId('roster-seated'))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([expect.stringContaining('Ana Ruiz'), expect.stringContaining('Bea Cole')]);
    const waiting = within(screen.getByTestId('roster-waitlist'))
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(waiting[0]).toMatch(/^#1Wes One/);
    expect(waiting[1]).toMatch(/^#2Wyn Two/);
    expect(screen.getByTestId('class-fill').textContent).toBe('Full · 2 waiting');
  });

  it('enrols the picked client, offering the waitlist when the class is full', () => {
    const props = setup();
    const submit = screen.getByTestId('enrol-submit') as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    expect(submit.textContent).toBe('Add to waitlist');
    fireEvent.click(screen.getByText('pick'));
    fireEvent.click(submit);
    expect(props.onEnrol).toHaveBeenCalledWith(picked);
  });

  it('cancels a place, shows what the server did, and offers attendance only once the class has started', () => {
    const props = setup({ notice: "Ana Ruiz's place was cancelled; Wes One moved up from the waitlist" });
    expect(screen.getByTestId('class-notice').textContent).toMatch(/Wes One moved up/);
    fireEvent.click(screen.getByTestId('cancel-enrolment-a'));
    expect(props.onCancelEnrolment).toHaveBeenCalledWith(expect.objectContaining({ id: 'a', clientId: 'c-a' }));
    expect(screen.queryByTestId('attended-a')).toBeNull();
    cleanup();
    const later = setup({ now: during });
    fireEvent.click(screen.getByTestId('attended-a'));
    expect(later.onAttendance).toHaveBeenCalledWith(expect.objectContaining({ id: 'a' }), 'attended');
    expect(screen.queryByTestId('attended-w1')).toBeNull();
    expect(screen.queryByTestId('edit-class')).toBeNull();
  });

  it('hides what the user may not do', () => {
    setup({ can: { manage: false, enrol: false, attend: false }, now: during });
    expect(screen.queryByTestId('enrol-submit')).toBeNull();
    expect(screen.queryByTestId('cancel-enrolment-a')).toBeNull();
    expect(screen.queryByTestId('attended-a')).toBeNull();
    expect(screen.queryByTestId('cancel-class')).toBeNull();
  });

  it('cancels the class after a confirmation with an optional reason', () => {
    const props = setup();
    fireEvent.click(screen.getByTestId('cancel-class'));
    fireEvent.change(screen.getByLabelText('Reason'), { target: { value: ' Instructor ill ' } });
    expect(screen.getByTestId('confirm-cancel-class').textContent).toBe('Cancel class and its 4 places');
    fireEvent.click(screen.getByTestId('confirm-cancel-class'));
    expect(props.onCancelClass).toHaveBeenCalledWith('Instructor ill');
  });

  it('shows a cancelled class read-only', () => {
    setup({
      detail: detail({
        status: 'cancelled',
        cancelReason: 'Snow day',
        enrolledCount: 0,
        waitlistedCount: 0,
        enrolments: [e('a', 'cancelled')],
      }),
    });
    expect(screen.getByTestId('class-fill').textContent).toBe('Cancelled');
    expect(screen.getByText(/Snow day/)).toBeTruthy();
    expect(screen.queryByTestId('enrol-submit')).toBeNull();
    expect(screen.queryByTestId('cancel-class')).toBeNull();
  });
});
