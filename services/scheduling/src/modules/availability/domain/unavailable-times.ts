// The staff calendar's shading: when one staff member cannot be booked in a window, and why.
// The reason of each stretch is the engine's own (`cellExplainer`, as `explainUnavailable`), asked once per stretch
// whose schedule inputs are constant, so the shading and a refused booking always say the same.
import { cellExplainer } from './availability-engine.js';
import type { LocationPolicy, ReasonCode, StaffCalendar, TimeRange } from './availability-types.js';
import { localDays } from './local-days.js';
import { intersectSpans, mergeSpans, subtractSpans, type Span } from './time-spans.js';
import { dayPlan, openSpans } from './working-time.js';

export interface UnavailableInterval {
  start: Date;
  end: Date;
  code: ReasonCode;
  reason: string;
}

/**
 * The stretches of `window` in which `staff` cannot be booked because of the schedule (not
 * working, break, exception, time off, location closed), each with the engine's reason; touching
 * stretches with the same reason are merged. Appointments are not included: the calendar draws
 * them. Classes are: the calendar does not draw them, and a cell over one must say why it is not free.
 */
export function unavailableIntervals(staff: StaffCalendar, window: TimeRange, policy: LocationPolicy, now: Date): UnavailableInterval[] {
  const from = window.start.getTime();
  const to = window.end.getTime();
  if (!(from < to)) return [];
  const days = localDays(from, to, policy.timeZone);
  const hours: Span[] = [];
  const cuts: Span[] = staff.timeOff.map((r) => ({ s: r.start.getTime(), e: r.end.getTime() }));
  // Every instant where the answer may change: the reason is constant between two of them.
  const edges = new Set<number>([from, to]);
  for (const day of days) {
    edges.add(day.startMs);
    const plan = dayPlan(day, staff.weeklyHours, staff.weeklyBreaks, staff.exceptions);
    hours.push(...plan.hours);
    cuts.push(...plan.breaks);
    for (const x of [...plan.hours, ...plan.breaks]) edges.add(x.s).add(x.e);
  }
  for (const c of cuts) edges.add(c.s).add(c.e);
  const open = openSpans(policy.openingHours, policy.closures, days);
  for (const o of open ?? []) edges.add(o.s).add(o.e);
  let bookable = subtractSpans(mergeSpans(hours), mergeSpans(cuts));
  if (open) bookable = intersectSpans(bookable, open);
  const unavailable = subtractSpans([{ s: from, e: to }], bookable);
  const cutAt = [...edges].filter((t) => t > from && t < to).sort((a, b) => a - b);

  const out: UnavailableInterval[] = [];
  // Only schedule stretches are explained, where holds never decide: leave them out of the index.
  const explain = cellExplainer(
    { now, staffId: staff.staffId, staff: [{ ...staff, busy: [] }], resources: [], policy },
    window.start,
    window.end,
  );
  let k = 0;
  for (const u of unavailable) {
    let s = u.s;
    while (k < cutAt.length && cutAt[k]! <= s) k++;
    while (s < u.e) {
      const e = k < cutAt.length && cutAt[k]! < u.e ? cutAt[k++]! : u.e;
      const why = explain(new Date(s));
      if (why) {
        const last = out[out.length - 1];
        if (last && last.end.getTime() === s && last.reason === why.message) last.end = new Date(e);
        else out.push({ start: new Date(s), end: new Date(e), code: why.code, reason: why.message });
      }
      s = e;
    }
  }
  for (const c of staff.busy) {
    if (c.kind !== 'class' || c.end.getTime() <= from || c.start.getTime() >= to) continue;
    out.push({
      start: new Date(Math.max(c.start.getTime(), from)),
      end: new Date(Math.min(c.end.getTime(), to)),
      code: 'staff-busy',
      reason: `${staff.name} is teaching ${c.label}`,
    });
  }
  return out.sort((a, b) => a.start.getTime() - b.start.getTime());
}
