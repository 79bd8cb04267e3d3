// Recurring series: which dates, which of them are booked, which are cancelled with "this and
// following". Pure: the engine has already judged each occurrence.
import { DateTime } from 'luxon';
import type { RecurrenceRule } from '../../availability/domain/availability-types.js';
import { expandRecurrence } from '../../availability/domain/recurrence.js';
import { canReschedule, type AppointmentStatus } from './appointment-status.js';

/** A series books at most this many appointments (a year of weekly visits). */
export const MAX_SERIES_OCCURRENCES = 52;

export interface SeriesShape {
  start: Date;
  everyWeeks: number;
  /** Local date 'YYYY-MM-DD' (inclusive) in the location's zone, or an instant. */
  until?: string;
  count?: number;
  timeZone: string;
}

export type SeriesDates = { ok: true; rule: RecurrenceRule; dates: Date[] } | { ok: false; field: string; message: string };

/**
 * The occurrences of a series: every N weeks at the first one's local wall time (10:00 stays
 * 10:00 across a DST change), until a date (the whole local day counts) or N times, at most 52.
 */
export function seriesDates(s: SeriesShape): SeriesDates {
  if (!Number.isInteger(s.everyWeeks) || s.everyWeeks < 1 || s.everyWeeks > 52)
    return { ok: false, field: 'everyWeeks', message: 'must be a whole number of weeks from 1 to 52' };
  if (s.until === undefined && s.count === undefined)
    return { ok: false, field: 'until', message: 'a series needs an end: until or count' };
  if (s.count !== undefined && (!Number.isInteger(s.count) || s.count < 1 || s.count > MAX_SERIES_OCCURRENCES)) {
    return { ok: false, field: 'count', message: `must be from 1 to ${MAX_SERIES_OCCURRENCES}` };
  }
  let until: Date | undefined;
  if (s.until !== undefined) {
    const local = /^\d{4}-\d{2}-\d{2}$/.test(s.until)
      ? DateTime.fromISO(s.until, { zone: s.timeZone }).endOf('day')
      : DateTime.fromISO(s.until, { setZone: true });
    if (!local.isValid) return { ok: false, field: 'until', message: 'must be a date (YYYY-MM-DD) or a date-time' };
    until = local.toJSDate();
    if (until < s.start) return { ok: false, field: 'until', message: 'must not be before the first occurrence' };
  }
  const rule: RecurrenceRule = {
    start: s.start,
    everyWeeks: s.everyWeeks,
    until,
    count: s.count ?? MAX_SERIES_OCCURRENCES + 1,
    timeZone: s.timeZone,
  };
  const dates = expandRecurrence(rule);
  if (dates.length > MAX_SERIES_OCCURRENCES)
    return {
      ok: false,
      field: 'until',
      message: `a series has at most ${MAX_SERIES_OCCURRENCES} occurrences; choose an earlier date or a count`,
    };
  return { ok: true, rule: { ...rule, count: dates.length }, dates };
}

export interface JudgedOccurrence<T> {
  start: Date;
  ok: boolean;
  value: T;
}

export type SeriesPlan<T> =
  { ok: true; create: JudgedOccurrence<T>[]; skipped: JudgedOccurrence<T>[] } | { ok: false; conflicts: JudgedOccurrence<T>[] };

/**
 * All or nothing by default: one refused occurrence refuses the series (listing every refused
 * date). With skipConflicts the bookable ones go ahead and the others are reported as skipped,
 * unless none is bookable.
 */
export function planSeries<T>(occurrences: JudgedOccurrence<T>[], skipConflicts: boolean): SeriesPlan<T> {
  const refused = occurrences.filter((o) => !o.ok);
  const bookable = occurrences.filter((o) => o.ok);
  if (bookable.length === 0 || (refused.length > 0 && !skipConflicts)) return { ok: false, conflicts: refused };
  return { ok: true, create: bookable, skipped: refused };
}

/** "This and following": the series' appointments from the pivot on that are still to come (booked or confirmed). */
export function followingOccurrences<T extends { id: string; startsAt: string; status: AppointmentStatus }>(
  appointments: T[],
  pivotStartsAt: string,
): T[] {
  const pivot = new Date(pivotStartsAt).getTime();
  return appointments
    .filter((a) => new Date(a.startsAt).getTime() >= pivot && canReschedule(a.status))
    .sort((a, b) => new Date(a.startsAt).getTime() - new Date(b.startsAt).getTime());
}
