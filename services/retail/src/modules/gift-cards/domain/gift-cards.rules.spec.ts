import { describe, expect, it } from 'vitest';
import {
  cardsToIssue,
  checkRedemption,
  CODE_ALPHABET,
  codeEntropyBits,
  expiryOf,
  generateCode,
  giftCardPayableMinor,
  maskCode,
  normalizeCode,
  replayLedger,
  signedAmount,
  statusOf,
} from './gift-cards.rules.js';
import { randomBytes } from 'node:crypto';

const NOW = new Date('2026-03-10T15:00:00Z');
const card = (balanceMinor: number, expiresAt: Date | null = null) => ({ code: 'ABCD-EFGH-JKMN-PQRS-TV23', balanceMinor, expiresAt });

describe('gift card codes', () => {
  it('carry at least 80 bits, from an alphabet without look-alikes, in groups of four', () => {
    expect(codeEntropyBits()).toBeGreaterThanOrEqual(80);
    for (const c of ['0', 'O', '1', 'I', 'L', 'U']) expect(CODE_ALPHABET).not.toContain(c);
    const code = generateCode(randomBytes);
    expect(code).toMatch(/^[A-Z2-9]{4}(-[A-Z2-9]{4}){4}$/);
    expect(new Set(Array.from({ length: 200 }, () => generateCode(randomBytes))).size).toBe(200);
  });

  it('skips bytes above the last whole multiple of the alphabet (no bias)', () => {
    // 255 and 240 are rejected (240 = 8 × 30); 0 → A, 29 → 9
    let calls = 0;
    const source = (n: number) => {
      calls++;
      return Uint8Array.from({ length: n }, (_, i) => (i % 3 === 0 ? 255 : i % 3 === 1 ? 240 : 0));
    };
    expect(generateCode(source)).toBe('AAAA-AAAA-AAAA-AAAA-AAAA');
    expect(calls).toBe(2);
  });

  it.each([
    ['abcd-efgh jkmn', 'ABCDEFGHJKMN'],
    ['  ABCD-EFGH  ', 'ABCDEFGH'],
  ])('normalise %j to %j', (input, expected) => expect(normalizeCode(input)).toBe(expected));

  it('mask to the last four', () => expect(maskCode('abcd-efgh-jk23')).toBe('•••• JK23'));
});

describe('expiry (US: not less than five years from issue; the location chooses)', () => {
  it.each<[number | null, string | null]>([
    [null, null],
    [2, '2031-03-10T15:00:00.000Z'],
    [5, '2031-03-10T15:00:00.000Z'],
    [7, '2033-03-10T15:00:00.000Z'],
  ])('location years %j → %j', (years, expected) => expect(expiryOf(NOW, years)?.toISOString() ?? null).toBe(expected));
});

describe('redemption', () => {
  it.each<[string, number, Date | null, number, string | number]>([
    ['part of the balance', 5000, null, 2000, 3000],
    ['all of it', 5000, null, 5000, 0],
    ['more than is left', 1500, null, 2000, 'Gift card •••• TV23 has $15.00 left; $20.00 was asked'],
    ['an empty card', 0, null, 100, 'Gift card •••• TV23 has nothing left on it'],
    ['an expired card', 5000, new Date('2026-03-10T15:00:00Z'), 100, 'Gift card •••• TV23 has expired'],
  ])('%s', (_, balance, expiresAt, amount, expected) => {
    const outcome = checkRedemption(card(balance, expiresAt), amount, NOW);
    if (typeof expected === 'number') expect(outcome).toEqual({ ok: true, balanceAfterMinor: expected });
    else expect(outcome).toMatchObject({ ok: false, kind: 'state', message: expected });
  });

  it('status: active, empty, expired', () => {
    expect(statusOf(card(1), NOW)).toBe('active');
    expect(statusOf(card(0), NOW)).toBe('empty');
    expect(statusOf(card(1, new Date('2026-03-01T00:00:00Z')), NOW)).toBe('expired');
  });
});

describe('the ledger', () => {
  it.each<[Parameters<typeof signedAmount>[0], number, number]>([
    ['issued', 5000, 5000],
    ['redeemed', 2000, -2000],
    ['refunded', 2000, 2000],
    ['expired', 3000, -3000],
    ['adjusted', -100, -100],
    ['adjusted', 100, 100],
  ])('%s %d is %d', (kind, amount, signed) => expect(signedAmount(kind, amount)).toBe(signed));

  it('issued $50, redeemed in two parts, one part refunded: the balance is the sum to the cent', () => {
    const entries = [
      { kind: 'issued' as const, amountMinor: 5000 },
      { kind: 'redeemed' as const, amountMinor: -3050 },
      { kind: 'redeemed' as const, amountMinor: -1950 },
      { kind: 'refunded' as const, amountMinor: 1950 },
    ];
    expect(replayLedger(entries)).toBe(1950);
  });

  it('refuses a ledger that goes below zero', () => {
    expect(() =>
      replayLedger([
        { kind: 'issued', amountMinor: 100 },
        { kind: 'redeemed', amountMinor: -101 },
      ]),
    ).toThrow(/below zero/);
  });
});

describe('sale of gift cards on a ticket', () => {
  it('one card per unit, units share the net to the cent; a physical number only on a single card', () => {
    expect(
      cardsToIssue([
        { id: 'a', kind: 'service', quantity: 1, netMinor: 5000 },
        { id: 'b', kind: 'gift_card', quantity: 1, netMinor: 5000, cardCode: '6001-2345' },
        { id: 'c', kind: 'gift_card', quantity: 3, netMinor: 10000, cardCode: null },
      ]),
    ).toEqual([
      { lineId: 'b', amountMinor: 5000, cardCode: '6001-2345' },
      { lineId: 'c', amountMinor: 3334, cardCode: null },
      { lineId: 'c', amountMinor: 3333, cardCode: null },
      { lineId: 'c', amountMinor: 3333, cardCode: null },
    ]);
  });

  it.each([
    [10000, 0, 10000],
    [10000, 2500, 7500],
    [2500, 2500, 0],
  ])('balance %d with gift cards sold %d: gift cards may pay %d', (balance, sold, payable) =>
    expect(giftCardPayableMinor(balance, sold)).toBe(payable),
  );
});
