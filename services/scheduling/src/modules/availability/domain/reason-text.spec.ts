import { describe, expect, it } from 'vitest';
import { DateTime } from 'luxon';
import { formatClock, formatDuration, formatUntil } from './reason-text.js';
import { at, ZONE } from './test/fixtures.js';

describe('reason text', () => {
  it.each([
    { local: '2026-03-10 15:30', text: '3:30 PM' },
    { local: '2026-03-10 18:00', text: '6 PM' },
    { local: '2026-03-10 00:05', text: '12:05 AM' },
    { local: '2026-03-10 12:00', text: '12 PM' },
  ])('$local → $text', ({ local, text }) => expect(formatClock(at(local).getTime(), ZONE)).toBe(text));

  it.each([
    { min: 120, text: '2 hours' },
    { min: 60, text: '1 hour' },
    { min: 90, text: '1 hour 30 minutes' },
    { min: 15, text: '15 minutes' },
    { min: 1440 * 60, text: '60 days' },
  ])('$min min → $text', ({ min, text }) => expect(formatDuration(min)).toBe(text));
});

describe('formatUntil', () => {
  it.each([
    { local: '2026-03-10 15:30', ref: '2026-03-10 09:00', text: '3:30 PM' },
    { local: '2026-03-11 15:30', ref: '2026-03-10 23:59', text: 'Wed, Mar 11, 3:30 PM' },
    { local: '2026-03-08 03:00', ref: '2026-03-08 01:00', text: '3 AM' },
    { local: '2026-11-01 23:00', ref: '2026-10-31 12:00', text: 'Sun, Nov 1, 11 PM' },
    { local: '2027-01-01 00:00', ref: '2026-12-31 23:30', text: 'Fri, Jan 1, 12 AM' },
  ])('$local from $ref → $text', ({ local, ref, text }) => expect(formatUntil(at(local).getTime(), at(ref).getTime(), ZONE)).toBe(text));

  it("says what luxon's 'ccc, LLL d' says, every 7 hours for a year, across zones", () => {
    for (const zone of [ZONE, 'Europe/London', 'Asia/Kolkata', 'Australia/Lord_Howe', 'Pacific/Chatham']) {
      const ref = DateTime.fromISO('2026-01-01T12:00', { zone }).toMillis();
      for (let ms = ref; ms < ref + 366 * 86_400_000; ms += 7 * 3_600_000) {
        const a = DateTime.fromMillis(ms, { zone });
        const expected = a.hasSame(DateTime.fromMillis(ref, { zone }), 'day')
          ? formatClock(ms, zone)
          : `${a.toFormat('ccc, LLL d', { locale: 'en-US' })}, ${formatClock(ms, zone)}`;
        expect(formatUntil(ms, ref, zone)).toBe(expected);
      }
    }
  });

  it('says "further notice" for an open end', () => expect(formatUntil(Infinity, 0, ZONE)).toBe('further notice'));
});
