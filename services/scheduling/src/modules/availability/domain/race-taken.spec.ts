import { describe, expect, it } from 'vitest';
import type { ResourceCalendar, Slot, StaffCalendar } from './availability-types.js';
import { withTakenHold } from './race-taken.js';

const at = (h: number, m = 0) => new Date(Date.UTC(2026, 2, 9, h, m));
const person = (staffId: string): StaffCalendar => ({
  staffId,
  name: staffId,
  weeklyHours: [],
  weeklyBreaks: [],
  exceptions: [],
  timeOff: [],
  busy: [],
});
const room = (resourceId: string, type = 'treatment', capacity = 1): ResourceCalendar => ({
  resourceId,
  kind: 'room',
  type,
  name: resourceId,
  capacity,
  busy: [],
});
const slot: Slot = {
  start: at(15),
  end: at(16),
  segments: [
    {
      serviceId: 'svc',
      staffId: 'ana',
      start: at(15),
      end: at(16),
      staffBusy: [
        { start: at(14, 55), end: at(15, 20) },
        { start: at(15, 45), end: at(16, 10) },
      ],
      resourceIds: ['r1'],
      resourceBusy: { start: at(14, 55), end: at(16, 10) },
    },
  ],
};

describe('withTakenHold (a lost race, marked on the calendars already loaded)', () => {
  it('makes the taken staff member busy for what the slot held of them, and no one else', () => {
    const cal = { staff: [person('ana'), person('bea')], resources: [room('r1')] };
    const after = withTakenHold(cal, slot, { kind: 'staff', id: 'ana' });
    expect(after.staff[0]!.busy.map((b) => [b.start, b.end])).toEqual([
      [at(14, 55), at(15, 20)],
      [at(15, 45), at(16, 10)],
    ]);
    expect(after.staff[1]!.busy).toEqual([]);
    expect(after.resources).toEqual(cal.resources);
    expect(cal.staff[0]!.busy).toEqual([]);
  });

  it('fills the taken room and every room alike for the slot’s resource time (the hold tried them all)', () => {
    const cal = { staff: [person('ana')], resources: [room('r1'), room('r2', 'treatment', 2), room('r3', 'nails')] };
    const after = withTakenHold(cal, slot, { kind: 'room', id: 'r1' });
    expect(after.resources.map((r) => r.busy.map((b) => [b.start, b.end, b.count]))).toEqual([
      [[at(14, 55), at(16, 10), 1]],
      [[at(14, 55), at(16, 10), 2]],
      [],
    ]);
    expect(after.staff).toEqual(cal.staff);
  });
});
