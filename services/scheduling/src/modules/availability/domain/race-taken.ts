import type { ResourceCalendar, Slot, StaffCalendar } from './availability-types.js';

/** What a lost race says was taken: a staff member, or every room/device alike of one (kind, id). */
export interface TakenHold {
  kind: 'staff' | 'room' | 'device';
  id: string;
}

/**
 * The calendars as they stand after losing `slot` to a concurrent booking: the taken staff member
 * busy for what the slot would have held of them, or the taken room/device and every alike one
 * (the hold tried them all) full for the slot's resource time. The refusal's alternatives come
 * from these, so the race's 409 needs no second load of the day; an alternative that was taken
 * meanwhile is refused by the exclusion constraint when it is booked, like any other.
 */
export function withTakenHold<C extends { staff: StaffCalendar[]; resources: ResourceCalendar[] }>(
  cal: C,
  slot: Slot,
  taken: TakenHold,
): C {
  if (taken.kind === 'staff') {
    const ranges = slot.segments.filter((s) => s.staffId === taken.id).flatMap((s) => s.staffBusy);
    return {
      ...cal,
      staff: cal.staff.map((s) =>
        s.staffId === taken.id
          ? {
              ...s,
              busy: [...s.busy, ...ranges.map((r) => ({ start: r.start, end: r.end, label: 'Booked', kind: 'appointment' as const }))],
            }
          : s,
      ),
    };
  }
  const picked = cal.resources.find((r) => r.resourceId === taken.id);
  if (!picked) return cal;
  const ranges = slot.segments.filter((s) => s.resourceIds.includes(taken.id)).map((s) => s.resourceBusy);
  return {
    ...cal,
    resources: cal.resources.map((r) =>
      r.kind === picked.kind && r.type === picked.type
        ? { ...r, busy: [...r.busy, ...ranges.map((x) => ({ start: x.start, end: x.end, label: 'Booked', count: r.capacity }))] }
        : r,
    ),
  };
}
