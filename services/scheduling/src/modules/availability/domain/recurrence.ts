// Recurring bookings keep their local wall time: "Tuesdays at 10:00" stays 10:00 across DST,
// so the UTC instant moves by an hour twice a year.
import { DateTime } from 'luxon';
import type { RecurrenceRule } from './availability-types.js';

/** Hard stop so a rule with a far `until` cannot produce an unbounded list. */
export const MAX_OCCURRENCES = 520;

export function expandRecurrence(rule: RecurrenceRule): Date[] {
  if (!Number.isInteger(rule.everyWeeks) || rule.everyWeeks < 1) throw new RangeError('everyWeeks must be a positive integer');
  if (rule.count === undefined && rule.until === undefined) throw new RangeError('A series needs an end: count or until');
  const first = DateTime.fromJSDate(rule.start, { zone: rule.timeZone });
  if (!first.isValid) throw new RangeError(`Invalid time zone '${rule.timeZone}'`);
  const limit = Math.min(rule.count ?? MAX_OCCURRENCES, MAX_OCCURRENCES);
  const until = rule.until?.getTime() ?? Number.POSITIVE_INFINITY;
  const out: Date[] = [];
  for (let k = 0; out.length < limit; k++) {
    // Calendar arithmetic from the first occurrence (not chained) so wall time never drifts.
    const next = first.plus({ weeks: k * rule.everyWeeks });
    if (next.toMillis() > until) break;
    out.push(next.toJSDate());
  }
  return out;
}
