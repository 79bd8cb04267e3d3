import { describe, expect, it } from 'vitest';
import { expiryAtLocalDayEnd, expiryTake, validThrough } from './prepaid-expiry.rules.js';

describe('expiryAtLocalDayEnd: terms end with the local day at the location', () => {
  it.each([
    // Sold 4 pm Chicago on 1 March (22:00Z), 30 days: good through 31 March, gone at 1 April 00:00 CDT (05:00Z).
    ['2026-03-01T22:00:00Z', { days: 30 }, 'America/Chicago', '2026-04-01T05:00:00.000Z', '2026-03-31'],
    // The same instant is already 2 March in Tokyo: through 1 April there.
    ['2026-03-01T22:00:00Z', { days: 30 }, 'Asia/Tokyo', '2026-04-01T15:00:00.000Z', '2026-04-01'],
    // Across the change to daylight time (8 March 2026 in the US): still local midnight.
    ['2026-03-07T18:00:00Z', { days: 1 }, 'America/Chicago', '2026-03-09T05:00:00.000Z', '2026-03-08'],
    // Sold at 11:30 pm local: the local date counts, not the UTC one.
    ['2026-06-02T06:30:00Z', { days: 1 }, 'America/Los_Angeles', '2026-06-03T07:00:00.000Z', '2026-06-02'],
    // Five years for a certificate, leap day included.
    ['2028-02-29T15:00:00Z', { years: 5 }, 'America/New_York', '2033-03-01T05:00:00.000Z', '2033-02-28'],
  ])('%s + %j in %s → %s (valid through %s)', (from, term, zone, expected, through) => {
    const at = expiryAtLocalDayEnd(new Date(from), term, zone);
    expect(at.toISOString()).toBe(expected);
    expect(validThrough(at, zone)).toBe(through);
  });

  it('refuses an unknown zone', () => {
    expect(() => expiryAtLocalDayEnd(new Date(), { days: 1 }, 'Mars/Olympus')).toThrow(/unknown time zone/);
  });
});

describe('expiryTake: what the job takes', () => {
  const at = new Date('2026-04-01T05:00:00Z');
  const just = new Date(at.getTime() - 1);
  it.each([
    ['a card before its expiry', { kind: 'gift_card', left: 5000, expiresAt: at }, just, 0],
    ['a card at its expiry: all that is left', { kind: 'gift_card', left: 5000, expiresAt: at }, at, 5000],
    ['a card already taken to zero (the second run)', { kind: 'gift_card', left: 0, expiresAt: at }, at, 0],
    ['a card that never expires', { kind: 'gift_card', left: 5000, expiresAt: null }, at, 0],
    ['a package past expiry: its sessions left', { kind: 'package', left: 3, expiresAt: at, status: 'active' }, at, 3],
    ['a cancelled (voided) package', { kind: 'package', left: 3, expiresAt: at, status: 'cancelled' }, at, 0],
    ['a membership (lapses by its state machine)', { kind: 'membership', left: 2, expiresAt: at }, at, 0],
  ] as const)('%s', (_, item, now, take) => expect(expiryTake(item, now)).toBe(take));
});
