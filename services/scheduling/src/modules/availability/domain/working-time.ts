// Weekly hours, breaks, date exceptions and time off → UTC spans, once per local day.
import type { DateException, StaffCalendar, TimeRange, WeeklyBreak, WeeklyHours } from './availability-types.js';
import { localDays, parseWallTime, wallToUtc, type LocalDay } from './local-days.js';
import { mergeSpans, subtractSpans, type Span } from './time-spans.js';

export interface LabeledSpan extends Span {
  label?: string;
}

/** One local day of a weekly schedule: its hours (after any exception) and breaks. */
export interface DayPlan {
  day: LocalDay;
  hours: Span[];
  breaks: LabeledSpan[];
  /** The exception that replaced the weekly hours, if any. */
  exception?: DateException;
}

function wallSpan(day: LocalDay, start: string, end: string): Span | null {
  const s = wallToUtc(day, parseWallTime(start));
  const e = wallToUtc(day, parseWallTime(end));
  return e > s ? { s, e } : null;
}

export function dayPlan(day: LocalDay, weekly: WeeklyHours, breaks: readonly WeeklyBreak[], exceptions: readonly DateException[]): DayPlan {
  const exception = exceptions.find((x) => x.date === day.date);
  const intervals = exception ? exception.hours : weekly.filter((w) => w.weekday === day.weekday);
  const hours = mergeSpans(intervals.map((w) => wallSpan(day, w.start, w.end)).filter((x): x is Span => x !== null));
  const dayBreaks: LabeledSpan[] = [];
  for (const b of breaks) {
    if (b.weekday !== day.weekday) continue;
    const span = wallSpan(day, b.start, b.end);
    if (span) dayBreaks.push(b.label === undefined ? span : { ...span, label: b.label });
  }
  return exception ? { day, hours, breaks: dayBreaks, exception } : { day, hours, breaks: dayBreaks };
}

const toSpan = (r: TimeRange): Span => ({ s: r.start.getTime(), e: r.end.getTime() });

/** Bookable working spans: hours minus breaks minus time off, over the given local days. */
export function workingSpans(staff: StaffCalendar, days: readonly LocalDay[]): Span[] {
  const hours: Span[] = [];
  const cuts: Span[] = staff.timeOff.map(toSpan);
  for (const day of days) {
    const plan = dayPlan(day, staff.weeklyHours, staff.weeklyBreaks, staff.exceptions);
    hours.push(...plan.hours);
    cuts.push(...plan.breaks);
  }
  return subtractSpans(mergeSpans(hours), mergeSpans(cuts));
}

/**
 * The staff member's bookable working time within `range`, as UTC ranges (breaks, exceptions and
 * time off removed). DST-correct: '09:00' local on a DST-change Sunday is still 09:00 local.
 */
export function expandWorkingTime(staff: StaffCalendar, range: TimeRange, timeZone: string): TimeRange[] {
  const from = range.start.getTime();
  const to = range.end.getTime();
  const spans = workingSpans(staff, localDays(from, to, timeZone));
  const out: TimeRange[] = [];
  for (const x of spans) {
    const s = Math.max(x.s, from);
    const e = Math.min(x.e, to);
    if (s < e) out.push({ start: new Date(s), end: new Date(e) });
  }
  return out;
}

/** Location open spans, or null when the location sets no hours and no closures (never limits). */
export function openSpans(
  opening: WeeklyHours | undefined,
  closures: readonly DateException[] | undefined,
  days: readonly LocalDay[],
): Span[] | null {
  if (!opening && !closures?.length) return null;
  const weekly: WeeklyHours = opening ?? ([1, 2, 3, 4, 5, 6, 7] as const).map((weekday) => ({ weekday, start: '00:00', end: '24:00' }));
  const out: Span[] = [];
  for (const day of days) out.push(...dayPlan(day, weekly, [], closures ?? []).hours);
  return mergeSpans(out);
}
