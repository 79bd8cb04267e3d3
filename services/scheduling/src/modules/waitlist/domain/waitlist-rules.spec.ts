import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { fifo, freedByReschedule, localDatesOf, offerExpiry, offerState, pickSlot, slotFits, type EntryWish } from './waitlist-rules.js';

const TZ = 'America/Chicago';
const at = (iso: string) => DateTime.fromISO(iso, { zone: TZ }).toJSDate();
const slot = (startLocal: string, minutes: number, staffId = 'dana') => {
  const start = at(startLocal);
  return { start, end: new Date(start.getTime() + minutes * 60_000), staffId };
};
const wish = (over: Partial<EntryWish> = {}): EntryWish => ({
  id: 'e1',
  createdAt: '2026-03-01T10:00:00Z',
  serviceId: 's1',
  staffId: null,
  dateFrom: '2026-03-10',
  dateTo: '2026-03-12',
  windowStart: null,
  windowEnd: null,
  ...over,
});

describe('fifo', () => {
  it('oldest first, id breaks a tie', () => {
    const list = [
      { id: 'b', createdAt: '2026-03-01T10:00:00Z' },
      { id: 'c', createdAt: '2026-03-01T09:00:00Z' },
      { id: 'a', createdAt: '2026-03-01T10:00:00Z' },
    ];
    expect(fifo(list).map((e) => e.id)).toEqual(['c', 'a', 'b']);
  });
});

describe('slotFits', () => {
  it('the local dates are inclusive at both ends (late evening local is still that day)', () => {
    expect(slotFits(wish(), slot('2026-03-10T09:00', 45), TZ)).toBe(true);
    expect(slotFits(wish(), slot('2026-03-12T20:00', 45), TZ)).toBe(true); // 02:00 UTC the next day
    expect(slotFits(wish(), slot('2026-03-13T09:00', 45), TZ)).toBe(false);
    expect(slotFits(wish(), slot('2026-03-09T23:00', 45), TZ)).toBe(false);
  });
  it('the preferred window holds the whole visit, start to end', () => {
    const w = wish({ windowStart: '13:00', windowEnd: '17:00' });
    expect(slotFits(w, slot('2026-03-10T13:00', 45), TZ)).toBe(true);
    expect(slotFits(w, slot('2026-03-10T16:15', 45), TZ)).toBe(true);
    expect(slotFits(w, slot('2026-03-10T16:30', 45), TZ)).toBe(false);
    expect(slotFits(w, slot('2026-03-10T12:45', 45), TZ)).toBe(false);
  });
  it('a wished staff member only', () => {
    expect(slotFits(wish({ staffId: 'jordan' }), slot('2026-03-10T09:00', 45, 'dana'), TZ)).toBe(false);
    expect(slotFits(wish({ staffId: 'jordan' }), slot('2026-03-10T09:00', 45, 'jordan'), TZ)).toBe(true);
  });
});

describe('pickSlot', () => {
  it('the earliest fitting slot not promised to someone else', () => {
    const slots = [slot('2026-03-10T11:00', 45), slot('2026-03-10T10:00', 45), slot('2026-03-10T10:15', 45, 'jordan')];
    expect(pickSlot(wish(), slots, [], TZ)?.start).toEqual(at('2026-03-10T10:00'));
    const promised = [slot('2026-03-10T10:00', 45)];
    expect(pickSlot(wish(), slots, promised, TZ)).toMatchObject({ staffId: 'jordan' });
    expect(pickSlot(wish({ staffId: 'dana' }), slots, promised, TZ)?.start).toEqual(at('2026-03-10T11:00'));
    expect(pickSlot(wish({ dateFrom: '2026-03-20', dateTo: '2026-03-21' }), slots, [], TZ)).toBeNull();
  });
});

describe('offers', () => {
  const now = new Date('2026-03-10T15:00:00Z');
  it('expire after the configured hours', () => {
    expect(offerExpiry(now, 2)).toEqual(new Date('2026-03-10T17:00:00Z'));
  });
  it('an open offer is live until its expiry instant, not at it', () => {
    expect(offerState({ status: 'open', expiresAt: '2026-03-10T15:00:01Z' }, now)).toEqual({ live: true });
    expect(offerState({ status: 'open', expiresAt: '2026-03-10T15:00:00Z' }, now)).toMatchObject({ live: false, status: 'expired' });
  });
  it('a closed offer says why', () => {
    expect(offerState({ status: 'accepted', expiresAt: '2026-03-10T17:00:00Z' }, now)).toMatchObject({
      live: false,
      message: 'This offer was already accepted',
    });
    expect(offerState({ status: 'lost', expiresAt: '2026-03-10T17:00:00Z' }, now)).toMatchObject({ live: false, status: 'lost' });
  });
});

describe('freed time', () => {
  it('a reschedule frees its previous place with the same length and staff', () => {
    expect(
      freedByReschedule({
        previousStartsAt: '2026-03-10T15:00:00Z',
        previousStaffId: 'dana',
        startsAt: '2026-03-11T16:00:00Z',
        endsAt: '2026-03-11T16:45:00Z',
      }),
    ).toEqual({
      start: new Date('2026-03-10T15:00:00Z'),
      end: new Date('2026-03-10T15:45:00Z'),
      staffId: 'dana',
    });
  });
  it('the local dates a freed time touches (end exclusive)', () => {
    expect(localDatesOf({ start: at('2026-03-10T23:00'), end: at('2026-03-11T00:00') }, TZ)).toEqual({
      from: '2026-03-10',
      to: '2026-03-10',
    });
    expect(localDatesOf({ start: at('2026-03-10T23:00'), end: at('2026-03-11T00:30') }, TZ)).toEqual({
      from: '2026-03-10',
      to: '2026-03-11',
    });
  });
});
