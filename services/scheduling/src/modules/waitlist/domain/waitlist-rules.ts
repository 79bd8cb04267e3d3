// The waitlist's rules: which freed time fits which entry, who is offered it first, when an offer
// lapses. Pure: the engine has found the free slots; the clock is an input.
import { DateTime } from 'luxon';

export type WaitlistStatus = 'waiting' | 'offered' | 'booked' | 'cancelled';
export type OfferStatus = 'open' | 'accepted' | 'declined' | 'expired' | 'lost' | 'withdrawn';

export interface EntryWish {
  id: string;
  createdAt: string;
  serviceId: string;
  /** null = anyone who performs the service. */
  staffId: string | null;
  /** Local dates, inclusive. */
  dateFrom: string;
  dateTo: string;
  /** Local 'HH:mm' window the visit must lie in, or both null. */
  windowStart: string | null;
  windowEnd: string | null;
}

export interface Candidate {
  start: Date;
  end: Date;
  staffId: string;
}

/** First come, first served: the oldest entry first (id breaks ties, so the order is total). */
export function fifo<T extends Pick<EntryWish, 'id' | 'createdAt'>>(entries: T[]): T[] {
  return [...entries].sort((a, b) => new Date(a.createdAt).getTime() - new Date(b.createdAt).getTime() || a.id.localeCompare(b.id));
}

const minuteOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** Does this slot meet the entry's wish: its dates, its preferred time of day (start to end), its staff? */
export function slotFits(entry: EntryWish, slot: Candidate, timeZone: string): boolean {
  if (entry.staffId && entry.staffId !== slot.staffId) return false;
  const start = DateTime.fromJSDate(slot.start, { zone: timeZone });
  const day = start.toISODate()!;
  if (day < entry.dateFrom || day > entry.dateTo) return false;
  if (entry.windowStart === null || entry.windowEnd === null) return true;
  const end = DateTime.fromJSDate(slot.end, { zone: timeZone });
  const startMin = start.hour * 60 + start.minute;
  // A visit ending at or after the next local midnight cannot fit a same-day window.
  const endMin = end.toISODate() === day ? end.hour * 60 + end.minute : 24 * 60 + 1;
  return startMin >= minuteOf(entry.windowStart) && endMin <= minuteOf(entry.windowEnd);
}

const overlaps = (a: { start: Date; end: Date }, b: { start: Date; end: Date }) => a.start < b.end && b.start < a.end;

/**
 * The first slot (in time order) that fits the entry and is not already promised to someone else
 * by an open offer of the same staff member.
 */
export function pickSlot<S extends Candidate>(entry: EntryWish, slots: S[], promised: Candidate[], timeZone: string): S | null {
  return (
    [...slots]
      .sort((a, b) => a.start.getTime() - b.start.getTime())
      .find((s) => slotFits(entry, s, timeZone) && !promised.some((p) => p.staffId === s.staffId && overlaps(p, s))) ?? null
  );
}

/** The local dates a freed time touches, for finding the entries that could want it. */
export function localDatesOf(window: { start: Date; end: Date }, timeZone: string): { from: string; to: string } {
  return {
    from: DateTime.fromJSDate(window.start, { zone: timeZone }).toISODate()!,
    to: DateTime.fromJSDate(new Date(window.end.getTime() - 1), { zone: timeZone }).toISODate()!,
  };
}

export function offerExpiry(now: Date, hours: number): Date {
  return new Date(now.getTime() + hours * 3_600_000);
}

export type OfferState = { live: true } | { live: false; status: OfferStatus; message: string };

/** Whether an offer can still be accepted now, else why not. */
export function offerState(offer: { status: OfferStatus; expiresAt: string | Date }, now: Date): OfferState {
  if (offer.status === 'open' && new Date(offer.expiresAt).getTime() <= now.getTime())
    return { live: false, status: 'expired', message: 'This offer has expired' };
  if (offer.status === 'open') return { live: true };
  const message: Record<Exclude<OfferStatus, 'open'>, string> = {
    accepted: 'This offer was already accepted',
    declined: 'This offer was declined',
    expired: 'This offer has expired',
    lost: 'That time was taken by another booking',
    withdrawn: 'This offer was withdrawn',
  };
  return { live: false, status: offer.status, message: message[offer.status] };
}

/**
 * The time an appointment gave back. A reschedule frees its previous place: the same length,
 * starting at the previous start, with the previous staff member.
 */
export function freedByReschedule(p: { previousStartsAt: string; previousStaffId: string; startsAt: string; endsAt: string }): {
  start: Date;
  end: Date;
  staffId: string;
} {
  const start = new Date(p.previousStartsAt);
  return {
    start,
    end: new Date(start.getTime() + (new Date(p.endsAt).getTime() - new Date(p.startsAt).getTime())),
    staffId: p.previousStaffId,
  };
}
