// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { DayView } from './DayView';
import { groupByTime } from './AppointmentsMobilePage';
import type { Appointment } from './appointments-api';

afterEach(cleanup);

const appt = (id: string, h: number, status = 'booked'): Appointment => ({
  id, locationId: 'l', clientId: 'c1', status, startsAt: new Date(Date.UTC(2026, 10, 21, h + 6)).toISOString(), endsAt: new Date(Date.UTC(2026, 10, 21, h + 7)).toISOString(),
  serviceId: 's', serviceName: 'Cut', staffId: 'st1', version: 1,
});

describe('DayView', () => {
  it('renders staff columns, slots and blocks; an empty slot opens booking', () => {
    const onEmptySlot = vi.fn();
    render(
      <DayView
        date="2026-11-21" items={[appt('a1', 10)]} workingHours={[{ staffId: 'st1', weekday: 6, start: '09:00', end: '17:00', kind: 'work' }]}
        staff={[]} staffNames={new Map([['st1', 'Ana']])} clientNames={new Map([['c1', 'Bea Cole']])}
        onEmptySlot={onEmptySlot} onMove={() => undefined} onStatus={() => undefined} pending={new Map()} busy={false}
      />,
    );
    expect(screen.getByTestId('staff-column-st1')).toBeTruthy();
    expect(screen.getByTestId('appointment-a1').textContent).toContain('Bea Cole');
    fireEvent.click(screen.getByTestId('slot-st1-0930'));
    expect(onEmptySlot).toHaveBeenCalledWith('st1', 570);
    expect(screen.queryByTestId('slot-st1-1700')).toBeNull();
  });
  it('offers the allowed status actions', () => {
    const onStatus = vi.fn();
    render(
      <DayView
        date="2026-11-21" items={[appt('a1', 10)]} workingHours={[]} staff={[]} staffNames={new Map()} clientNames={new Map()}
        onEmptySlot={() => undefined} onMove={() => undefined} onStatus={onStatus} pending={new Map()} busy={false}
      />,
    );
    fireEvent.click(screen.getByTestId('appointment-menu-a1'));
    fireEvent.click(screen.getByTestId('status-confirmed'));
    expect(onStatus).toHaveBeenCalledWith(expect.objectContaining({ id: 'a1' }), 'confirmed', undefined);
  });
  it('groups the mobile list by start time', () => {
    const g = groupByTime([appt('b', 11), appt('a', 10), appt('c', 10)]);
    expect(g.map((x) => x.items.map((i) => i.id))).toEqual([['a', 'c'], ['b']]);
  });
});
