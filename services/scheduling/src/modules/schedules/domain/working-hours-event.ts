import type { EventEnvelope, EventPayload } from '@salon/contracts';

type Interval = { weekday: number; start: string; end: string; kind?: 'work' | 'break' };

/**
 * `scheduling.working-hours.changed.v1` for a person's whole week at a location, as it now stands
 * (sorted by weekday and start, so the same week always reads the same). One aggregate per person
 * and location, so their changes stay in order.
 */
export function workingHoursChanged(
  week: { staffId: string; locationId: string; intervals: Interval[] },
  actor: EventEnvelope['actor'],
  occurredAt?: Date,
) {
  const payload: EventPayload<'scheduling.working-hours.changed.v1'> = {
    staffId: week.staffId,
    locationId: week.locationId,
    intervals: week.intervals
      .map((i) => ({ weekday: i.weekday, start: i.start, end: i.end, kind: i.kind ?? ('work' as const) }))
      .sort((a, b) => a.weekday - b.weekday || a.start.localeCompare(b.start) || a.kind.localeCompare(b.kind)),
  };
  return {
    type: 'scheduling.working-hours.changed.v1' as const,
    aggregateType: 'working-hours',
    aggregateId: `${week.staffId}:${week.locationId}`,
    locationId: week.locationId,
    actor,
    ...(occurredAt ? { occurredAt } : {}),
    payload,
  };
}
