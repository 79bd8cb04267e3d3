import { DateTime, type DurationLikeObject } from 'luxon';

/**
 * When prepaid value expires, and what the expiry job takes. Terms are in whole days at the
 * location: a package valid for 30 days sold at 4 pm on 1 March in Chicago is good through
 * 31 March there, so it expires at the first instant of 1 April, Chicago time (not 30 × 24 hours
 * later, and not at midnight UTC). Daylight-saving changes do not move that instant.
 */
export function expiryAtLocalDayEnd(from: Date, term: DurationLikeObject, zone: string): Date {
  const local = DateTime.fromJSDate(from, { zone });
  if (!local.isValid) throw new RangeError(`unknown time zone ${zone}`);
  return local.plus(term).startOf('day').plus({ days: 1 }).toJSDate();
}

/** The last local date the value is good on, as the certificate and the package show it (YYYY-MM-DD). */
export function validThrough(expiresAt: Date, zone: string): string {
  return DateTime.fromJSDate(expiresAt, { zone }).minus({ milliseconds: 1 }).toISODate()!;
}

/**
 * What the expiry job takes from a card or a package now: everything left once its expiry has
 * passed, nothing before, nothing when nothing is left (so a second run writes no second entry).
 * A package voided or a membership is not the job's: memberships lapse by their state machine.
 */
export function expiryTake(
  item: { kind: 'gift_card' | 'membership' | 'package'; left: number; expiresAt: Date | null; status?: string },
  now: Date,
): number {
  if (item.kind === 'membership' || item.status === 'cancelled') return 0;
  if (!item.expiresAt || item.expiresAt.getTime() > now.getTime()) return 0;
  return Math.max(0, item.left);
}
