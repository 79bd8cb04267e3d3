// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { DayView, columnOrder } from './DayView';
import { WeekView } from './WeekView';
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
  it('shades unavailable times with the reason on hover, and a click there gives the reason instead of booking', () => {
    const onEmptySlot = vi.fn();
    const onBlocked = vi.fn();
    const lunch = { startsAt: new Date(Date.UTC(2026, 10, 21, 18, 30)).toISOString(), endsAt: new Date(Date.UTC(2026, 10, 21, 19)).toISOString(), code: 'staff-break', reason: 'Ana is on break (Lunch)' };
    render(
      <DayView
        date="2026-11-21" items={[]} workingHours={[{ staffId: 'st1', weekday: 6, start: '09:00', end: '17:00', kind: 'work' }]}
        unavailable={[{ staffId: 'st1', name: 'Ana', intervals: [lunch] }]}
        staff={[]} staffNames={new Map([['st1', 'Ana']])} clientNames={new Map()}
        onEmptySlot={onEmptySlot} onBlocked={onBlocked} onMove={() => undefined} onStatus={() => undefined} pending={new Map()} busy={false}
      />,
    );
    const shade = screen.getByTestId('unavailable-st1-1230');
    expect(shade.getAttribute('title')).toBe('Ana is on break (Lunch)');
    expect(shade.getAttribute('aria-label')).toBe('12:30 PM–1:00 PM: Ana is on break (Lunch)');
    fireEvent.click(shade);
    fireEvent.click(screen.getByTestId('slot-st1-1245'));
    expect(onBlocked).toHaveBeenCalledTimes(2);
    expect(onBlocked).toHaveBeenCalledWith('Ana is on break (Lunch)');
    expect(onEmptySlot).not.toHaveBeenCalled();
    fireEvent.click(screen.getByTestId('slot-st1-1300'));
    expect(onEmptySlot).toHaveBeenCalledWith('st1', 780);
  });
  it('resizes from the keyboard in 15-minute steps', () => {
    const onResize = vi.fn();
    render(
      <DayView
        date="2026-11-21" items={[appt('a1', 10)]} workingHours={[]} staff={[]} staffNames={new Map()} clientNames={new Map()}
        onEmptySlot={() => undefined} onMove={() => undefined} onResize={onResize} onStatus={() => undefined} pending={new Map()} busy={false}
      />,
    );
    fireEvent.keyDown(screen.getByTestId('resize-a1'), { key: 'ArrowDown' });
    expect(onResize).toHaveBeenLastCalledWith(expect.objectContaining({ id: 'a1' }), new Date(Date.UTC(2026, 10, 21, 17, 15)).toISOString());
    fireEvent.keyDown(screen.getByTestId('resize-a1'), { key: 'ArrowUp' });
    expect(onResize).toHaveBeenLastCalledWith(expect.objectContaining({ id: 'a1' }), new Date(Date.UTC(2026, 10, 21, 16, 45)).toISOString());
  });
  it('orders columns by the shading (by name), then others by name, whatever the data order', () => {
    const names = new Map([['z', 'Zoe'], ['a', 'Ann'], ['m', 'Mia'], ['b', 'Bob']]);
    const shading = [{ staffId: 'a', name: 'Ann', intervals: [] }, { staffId: 'z', name: 'Zoe', intervals: [] }];
    const items = [{ ...appt('x', 10), staffId: 'z' }, { ...appt('y', 11), staffId: 'm' }, { ...appt('w', 12), staffId: 'b' }];
    expect(columnOrder(shading, ['z', 'a'], items, names, [])).toEqual(['a', 'z', 'b', 'm']);
    expect(columnOrder(null, ['z', 'm', 'a'], [], names, [])).toEqual(['a', 'm', 'z']);
  });
  it('shows one person’s week with their unavailable times', () => {
    const off = { startsAt: new Date(Date.UTC(2026, 10, 17, 6)).toISOString(), endsAt: new Date(Date.UTC(2026, 10, 18, 6)).toISOString(), code: 'staff-time-off', reason: 'Ana is away (Vacation)' };
    const { rerender } = render(
      <WeekView weekStart="2026-11-16" items={[]} staffNames={new Map([['st1', 'Ana'], ['st2', 'Ben']])} clientNames={new Map()} onPickDay={() => undefined}
        unavailable={[{ staffId: 'st1', name: 'Ana', intervals: [off] }, { staffId: 'st2', name: 'Ben', intervals: [] }]} staffId="" onPickStaff={() => undefined} />,
    );
    expect(screen.getByTestId('week-off-2026-11-17-st1').textContent).toBe('Ana is away (Vacation)');
    rerender(
      <WeekView weekStart="2026-11-16" items={[]} staffNames={new Map([['st1', 'Ana'], ['st2', 'Ben']])} clientNames={new Map()} onPickDay={() => undefined}
        unavailable={[{ staffId: 'st1', name: 'Ana', intervals: [off] }, { staffId: 'st2', name: 'Ben', intervals: [] }]} staffId="st1" onPickStaff={() => undefined} />,
    );
    const shade = screen.getByTestId('unavailable-2026-11-17-0800');
    expect(shade.getAttribute('title')).toBe('Ana is away (Vacation)');
    expect(screen.getAllByTestId(/^week-column-/)).toHaveLength(7);
  });
  it('groups the mobile list by start time', () => {
    const g = groupByTime([appt('b', 11), appt('a', 10), appt('c', 10)]);
    expect(g.map((x) => x.items.map((i) => i.id))).toEqual([['a', 'c'], ['b']]);
  });
});
