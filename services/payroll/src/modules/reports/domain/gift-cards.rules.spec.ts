import { describe, expect, it } from 'vitest';
import { giftCardLiability, type GiftCardMovement } from './gift-cards.rules.js';

const at = (iso: string) => new Date(iso);
const move = (giftCardId: string, kind: string, amountMinor: number, iso: string): GiftCardMovement => ({
  giftCardId,
  kind,
  amountMinor,
  at: at(iso),
});

describe('giftCardLiability', () => {
  const start = at('2026-11-09T06:00:00Z');
  const end = at('2026-11-16T06:00:00Z');
  const cards = [
    { giftCardId: 'a', expiresAt: null },
    { giftCardId: 'b', expiresAt: null },
    { giftCardId: 'c', expiresAt: at('2026-11-12T06:00:00Z') },
    { giftCardId: 'd', expiresAt: null },
  ];
  const movements = [
    // a: 100.00 issued before the range, 30.00 spent in it, 10.00 of that refunded onto it.
    move('a', 'issued', 10_000, '2026-10-01T15:00:00Z'),
    move('a', 'redeemed', -3_000, '2026-11-10T15:00:00Z'),
    move('a', 'refunded', 1_000, '2026-11-11T15:00:00Z'),
    // b: 50.00 issued in the range, used up in it.
    move('b', 'issued', 5_000, '2026-11-10T15:00:00Z'),
    move('b', 'redeemed', -5_000, '2026-11-13T15:00:00Z'),
    // c: 25.00 issued before, 5.00 spent, expires on the 12th holding 20.00.
    move('c', 'issued', 2_500, '2026-10-01T15:00:00Z'),
    move('c', 'redeemed', -500, '2026-11-10T15:00:00Z'),
    // d: 40.00 issued in the range, then a kind retail may publish later (a void of 40.00), and a sale after the range.
    move('d', 'issued', 4_000, '2026-11-10T15:00:00Z'),
    move('d', 'voided', -4_000, '2026-11-14T15:00:00Z'),
    move('d', 'issued', 9_999, '2026-11-20T15:00:00Z'),
  ];

  it('owes the balance outstanding at the end, with the flows that lead there', () => {
    const r = giftCardLiability(cards, movements, start, end);
    expect(r).toEqual({
      liabilityMinor: 8_000,
      outstandingCards: 1,
      openingLiabilityMinor: 12_500,
      issuedMinor: 9_000,
      issuedCount: 2,
      redeemedMinor: 8_500,
      redeemedCount: 3,
      refundedMinor: 1_000,
      adjustedMinor: -4_000,
      expiredMinor: 2_000,
    });
    expect(r.openingLiabilityMinor + r.issuedMinor - r.redeemedMinor + r.refundedMinor + r.adjustedMinor - r.expiredMinor).toBe(
      r.liabilityMinor,
    );
  });

  it('owes nothing without cards, and nothing of a card already expired at the start', () => {
    expect(giftCardLiability([], [], start, end).liabilityMinor).toBe(0);
    const r = giftCardLiability([{ giftCardId: 'c', expiresAt: at('2026-11-01T00:00:00Z') }], movements, start, end);
    expect([r.openingLiabilityMinor, r.liabilityMinor, r.expiredMinor]).toEqual([0, 0, 0]);
  });
});
