import { DateTime } from 'luxon';

/**
 * The daily occasions (birthday, win-back): which clients a location's daily run sends to, and the
 * key of each occasion, so a client gets at most one message per occasion however often the run
 * is repeated (a retried job, a missed day caught up, two workers). Dates are read on the
 * location's calendar (its zone), never the server's.
 */

/** The local time of day each location's daily run starts (its repeatable job's cron, in its zone). */
export const DAILY_RUN_AT = { hour: 10, minute: 0 } as const;

/** The cron pattern of the daily run, read in the location's zone by BullMQ (`tz`). */
export function dailyRunPattern(): string {
  return `${DAILY_RUN_AT.minute} ${DAILY_RUN_AT.hour} * * *`;
}

/** The location's calendar day at an instant (YYYY-MM-DD). */
export function localDay(at: Date, zone: string): string {
  return DateTime.fromJSDate(at, { zone }).toISODate()!;
}

/**
 * The client's next birthday on or after `today` (YYYY-MM-DD). A 29 February birthday is kept on
 * 28 February in the years without one.
 */
export function nextBirthday(birthday: string, today: string): string | null {
  const born = DateTime.fromISO(birthday, { zone: 'UTC' });
  const day = DateTime.fromISO(today, { zone: 'UTC' });
  if (!born.isValid || !day.isValid) return null;
  const inYear = (year: number) => {
    const d = DateTime.fromObject({ year, month: born.month, day: born.day }, { zone: 'UTC' });
    return d.isValid ? d : DateTime.fromObject({ year, month: 2, day: 28 }, { zone: 'UTC' });
  };
  const thisYear = inYear(day.year);
  return (thisYear < day ? inYear(day.year + 1) : thisYear).toISODate();
}

/**
 * The birthday occasion the daily run sends for today, or null: the next birthday falls within
 * `daysBefore` days (0: on the day). Answering for the whole window, not only its first day, lets a
 * run missed on that day (worker down) catch up before the birthday; the occasion's key (the
 * birthday's date) keeps it to one message.
 */
export function birthdayOccasion(birthday: string | null, today: string, daysBefore: number): string | null {
  if (!birthday) return null;
  const next = nextBirthday(birthday, today);
  if (!next) return null;
  const daysAway = DateTime.fromISO(next, { zone: 'UTC' }).diff(DateTime.fromISO(today, { zone: 'UTC' }), 'days').days;
  return daysAway <= daysBefore ? next : null;
}

/**
 * The win-back occasion for a client last seen at `lastVisitAt`, or null: at least `months`
 * calendar months have passed on the location's calendar and nothing is booked. Its key is the day
 * of that last visit: one message per absence; a new visit and a new absence make a new occasion.
 */
export function winBackOccasion(
  lastVisitAt: Date | null,
  today: string,
  months: number,
  zone: string,
  hasUpcoming: boolean,
): string | null {
  if (!lastVisitAt || hasUpcoming || months < 1) return null;
  const lastDay = DateTime.fromJSDate(lastVisitAt, { zone }).startOf('day');
  const dueDay = lastDay.plus({ months });
  return DateTime.fromISO(today, { zone }) >= dueDay ? lastDay.toISODate() : null;
}

/** The location a client belongs to for the daily run: the preferred one when it exists, else the default location. */
export function clientLocationId(
  preferredLocationId: string | null,
  locations: readonly { id: string; isDefault: boolean }[],
): string | null {
  if (preferredLocationId && locations.some((l) => l.id === preferredLocationId)) return preferredLocationId;
  return (locations.find((l) => l.isDefault) ?? locations[0])?.id ?? null;
}
