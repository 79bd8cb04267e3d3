import { z } from 'zod';

/**
 * The one date rule of every input: a calendar date (YYYY-MM-DD) or an instant (ISO 8601 with an
 * offset) that exists and lies between 1900 and 2200. Outside that range nothing a salon books,
 * remembers or reports makes sense, and the extremes (year 0001, 9999, +275760) broke time zone
 * arithmetic and PostgreSQL's date functions (a 500 with the value in the log) instead of saying
 * which field is wrong. Domain rules (notice, how far ahead, a birthday in the past) narrow further.
 */
export const EARLIEST_DATE = '1900-01-01';
export const LATEST_DATE = '2200-12-31';

export const DATE_FORMAT_PROBLEM = 'must be a date like 2026-04-21';
export const NOT_A_REAL_DATE = 'is not a real date';
export const INSTANT_FORMAT_PROBLEM = 'must be a date and time with an offset, like 2026-04-21T14:30:00Z';
export const TOO_EARLY = `must be on or after ${EARLIEST_DATE}`;
export const TOO_LATE = `must be on or before ${LATEST_DATE}`;
export const IN_THE_FUTURE = 'must not be in the future';

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
/** ISO 8601 date-time with seconds, optional fractions, and a Z or ±HH:mm offset (what z.iso.datetime({ offset: true }) takes). */
const INSTANT = /^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3]):[0-5]\d:[0-5]\d(\.\d+)?(Z|[+-]([01]\d|2[0-3]):[0-5]\d)$/;

/** True for a YYYY-MM-DD that is on the calendar (no 2026-02-30). */
export function isRealDate(text: string): boolean {
  const m = DATE.exec(text);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (month < 1 || month > 12 || day < 1) return false;
  const days = new Date(Date.UTC(2000, month, 0)).getUTCDate(); // 2000 is a leap year: February has 29
  if (day > days) return false;
  return month !== 2 || day < 29 || (year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0));
}

export interface DateRuleOptions {
  /** Refuse dates after this day (YYYY-MM-DD), e.g. today for a birthday. */
  notAfter?: string;
}

/** What is wrong with a calendar date, or null. Pure: "today" comes from the caller. */
export function dateProblem(text: string, options: DateRuleOptions = {}): string | null {
  if (!DATE.test(text)) return DATE_FORMAT_PROBLEM;
  if (!isRealDate(text)) return NOT_A_REAL_DATE;
  if (text < EARLIEST_DATE) return TOO_EARLY;
  if (text > LATEST_DATE) return TOO_LATE;
  if (options.notAfter !== undefined && text > options.notAfter) return IN_THE_FUTURE;
  return null;
}

/** What is wrong with an instant (date, time and offset), or null. */
export function instantProblem(text: string): string | null {
  const m = INSTANT.exec(text);
  if (!m) return instantFormatProblem(text);
  if (!isRealDate(m[1])) return NOT_A_REAL_DATE;
  const at = new Date(text);
  if (Number.isNaN(at.getTime())) return INSTANT_FORMAT_PROBLEM;
  // Compared as instants: 1900-01-01T00:30+01:00 is still 1899 in UTC.
  if (at.getTime() < Date.parse(`${EARLIEST_DATE}T00:00:00Z`)) return TOO_EARLY;
  if (at.getTime() >= Date.parse(`${LATEST_DATE}T00:00:00Z`) + 86_400_000) return TOO_LATE;
  return null;
}

/** A date with a time but no offset ("2026-04-21T14:30") is ambiguous: say the offset is what is missing. */
function instantFormatProblem(text: string): string {
  return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(text)
    ? `${INSTANT_FORMAT_PROBLEM} (the offset is missing)`
    : INSTANT_FORMAT_PROBLEM;
}

function ruled(problem: (text: string) => string | null) {
  // The longest instant written with fractions and an offset is about 35 characters; anything longer is not one.
  return z
    .string()
    .max(64, { message: 'must be at most 64 characters', abort: true })
    .superRefine((value, ctx) => {
      const found = problem(value);
      if (found) ctx.addIssue({ code: 'custom', message: found });
    });
}

/** A calendar date YYYY-MM-DD between 1900-01-01 and 2200-12-31 (answered as the same string). */
export function dateSchema(options: DateRuleOptions | (() => DateRuleOptions) = {}) {
  return ruled((text) => dateProblem(text, typeof options === 'function' ? options() : options));
}

/** A date of the past (a birthday): as `dateSchema`, and not after today in UTC, read when the input is parsed. */
export function pastDateSchema() {
  return dateSchema(() => ({ notAfter: new Date().toISOString().slice(0, 10) }));
}

/** An instant with an offset (2026-04-21T14:30:00Z, …-05:00) between 1900 and 2200 (answered as the same string). */
export function instantSchema() {
  return ruled(instantProblem);
}

/** A date (the whole day, read in the location's zone by the service) or an instant, as availability windows take them. */
export function dateOrInstantSchema() {
  return ruled((text) => (DATE.test(text) ? dateProblem(text) : instantProblem(text)));
}
