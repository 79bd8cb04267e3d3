// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MockedProvider } from '@apollo/client/testing/react';
import { useState } from 'react';
import { ApiError } from '../../lib/api-client';
import type { Client } from '@salon/contracts';
import { ClientCombobox } from './ClientPicker';
import { CLIENT_SEARCH, PICKER_LIMIT, type PickerClient } from './client-picker-gql';

afterEach(cleanup);

const item = (id: string, fullName: string, phone: string | null, alerts: PickerClient['alerts'] = []) => ({
  __typename: 'Client',
  id,
  firstName: fullName.split(' ')[0],
  lastName: fullName.split(' ')[1] ?? null,
  fullName,
  phone,
  email: null,
  alerts: alerts.map((a) => ({ __typename: 'ClientAlert', ...a })),
});

const mocks = [
  {
    request: { query: CLIENT_SEARCH, variables: { search: 'an', limit: PICKER_LIMIT } },
    result: {
      data: {
        clients: {
          __typename: 'ClientPage',
          total: 2,
          items: [
            item('c1', 'Ana Ruiz', '+13125550101', [{ id: 'a1', kind: 'allergy', text: 'Latex', critical: false }]),
            item('c2', 'Andre Li', null),
          ],
        },
      },
    },
    maxUsageCount: 10,
  },
];

function Harness({
  onChange,
  create,
  onOuterSubmit,
}: {
  onChange(c: PickerClient | null): void;
  create?: (i: unknown) => Promise<Client>;
  onOuterSubmit?: () => void;
}) {
  const [value, setValue] = useState<PickerClient | null>(null);
  return (
    <MockedProvider mocks={mocks}>
      {/* Where the picker lives in the app: inside another form (the booking dialog). */}
      <form
        aria-label="Outer"
        onSubmit={(e) => {
          e.preventDefault();
          onOuterSubmit?.();
        }}
      >
        <ClientCombobox
          value={value}
          onChange={(c) => {
            setValue(c);
            onChange(c);
          }}
          canCreate
          debounceMs={0}
          createClient={create as never}
        />
      </form>
    </MockedProvider>
  );
}

async function typeAndWait(text: string) {
  const input = screen.getByRole('combobox', { name: 'Client' });
  fireEvent.change(input, { target: { value: text } });
  await screen.findByText('Ana Ruiz');
  return input;
}

describe('ClientPicker', () => {
  it('lists matches with phone and alert icon, plus a create option', async () => {
    render(<Harness onChange={() => undefined} />);
    const input = await typeAndWait('an');
    expect(input.getAttribute('aria-expanded')).toBe('true');
    const options = screen.getAllByRole('option');
    expect(options).toHaveLength(3);
    expect(options[0].textContent).toContain('(312) 555-0101');
    expect(screen.getByRole('img', { name: 'Alerts: Latex' })).toBeTruthy();
    expect(options[2].textContent).toContain('Create “an”');
  });

  it('moves with the arrow keys (wrapping) and selects with Enter', async () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    const input = await typeAndWait('an');
    const selected = () => screen.getAllByRole('option').findIndex((o) => o.getAttribute('aria-selected') === 'true');
    expect(selected()).toBe(-1);
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(selected()).toBe(1);
    expect(input.getAttribute('aria-activedescendant')).toBe(screen.getAllByRole('option')[1].id);
    fireEvent.keyDown(input, { key: 'ArrowUp' });
    fireEvent.keyDown(input, { key: 'ArrowUp' });
    expect(selected()).toBe(2);
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onChange).toHaveBeenCalledWith(expect.objectContaining({ id: 'c2', fullName: 'Andre Li' }));
    expect(screen.getByTestId('client-picker-selected').textContent).toContain('Andre Li');
  });

  it('Enter picks only an exact match: a fuzzy first hit is never chosen for what was typed', async () => {
    const onChange = vi.fn();
    const onOuterSubmit = vi.fn();
    render(<Harness onChange={onChange} onOuterSubmit={onOuterSubmit} />);
    const input = await typeAndWait('an');
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onChange).not.toHaveBeenCalled();
    expect(onOuterSubmit).not.toHaveBeenCalled();
    expect(input.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByTestId('picker-create').textContent).toContain('Create “an”');
  });

  it('creates a walk-in in place inside another form, with the button or Enter, never submitting that form', async () => {
    const onOuterSubmit = vi.fn();
    const onChange = vi.fn();
    const created = { id: 'c9', firstName: 'an', lastName: 'Okafor', fullName: 'an Okafor', phone: null, email: null, alerts: [] };
    const create = vi.fn().mockResolvedValue(created);
    const { container } = render(<Harness onChange={onChange} create={create} onOuterSubmit={onOuterSubmit} />);
    await typeAndWait('an');
    fireEvent.click(screen.getByTestId('picker-create'));
    expect(container.querySelectorAll('form form')).toHaveLength(0);
    const last = screen.getByLabelText('Last name');
    fireEvent.change(last, { target: { value: 'Okafor' } });
    await act(async () => {
      fireEvent.keyDown(last, { key: 'Enter' });
    });
    expect(create).toHaveBeenCalledWith(expect.objectContaining({ firstName: 'an', lastName: 'Okafor' }));
    await waitFor(() => expect(onChange).toHaveBeenCalledWith(expect.objectContaining({ id: 'c9' })));
    expect(onOuterSubmit).not.toHaveBeenCalled();
  });

  it('closes on Escape', async () => {
    render(<Harness onChange={() => undefined} />);
    const input = await typeAndWait('an');
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryAllByRole('option')).toHaveLength(0);
  });

  it('creates inline and selects the new client; a duplicate offers create anyway', async () => {
    const onChange = vi.fn();
    const created = {
      id: 'c9',
      firstName: 'an',
      lastName: null,
      fullName: 'an',
      phone: null,
      email: null,
      alerts: [],
    } as unknown as Client;
    const create = vi
      .fn()
      .mockRejectedValueOnce(new ApiError('dup', 409, { details: { existing: { id: 'c1', fullName: 'Ana Ruiz' } } }))
      .mockResolvedValueOnce(created);
    render(<Harness onChange={onChange} create={create} />);
    const input = await typeAndWait('an');
    fireEvent.keyDown(input, { key: 'End' });
    fireEvent.keyDown(input, { key: 'Enter' });
    screen.getByRole('group', { name: 'Create client' });
    expect((screen.getByLabelText(/First name/) as HTMLInputElement).value).toBe('an');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Create client' }));
    });
    expect(screen.getByTestId('duplicate-warning').textContent).toContain('Ana Ruiz');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Create anyway' }));
    });
    expect(create).toHaveBeenLastCalledWith(expect.objectContaining({ firstName: 'an', allowDuplicate: true }));
    await waitFor(() => expect(onChange).toHaveBeenCalledWith(expect.objectContaining({ id: 'c9' })));
  });
});
