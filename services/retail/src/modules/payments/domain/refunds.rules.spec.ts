import { describe, expect, it } from 'vitest';
import { checkRefund, refundableMinor, refundEffect } from './refunds.rules.js';

const captured = (amountMinor: number, refundedMinor = 0) => ({ status: 'succeeded' as const, amountMinor, refundedMinor });

describe('refunds: never above what the tender captured minus earlier refunds', () => {
  it.each([
    ['a whole refund', captured(6600), 6600, { refundedAfterMinor: 6600, remainingMinor: 0 }],
    ['a partial refund', captured(6600), 1000, { refundedAfterMinor: 1000, remainingMinor: 5600 }],
    ['the rest after a partial one', captured(6600, 1000), 5600, { refundedAfterMinor: 6600, remainingMinor: 0 }],
  ])('%s', (_name, payment, amount, expected) => {
    expect(checkRefund(payment, amount)).toEqual({ ok: true, ...expected });
  });

  it.each([
    ['above the tender', captured(6600), 6601, 'amountMinor', 'is more than the $66.00 still refundable on this payment'],
    [
      'above what is left after a refund',
      captured(6600, 1000),
      5601,
      'amountMinor',
      'is more than the $56.00 still refundable on this payment',
    ],
    ['a fully refunded tender', captured(6600, 6600), 1, 'amountMinor', 'nothing is left to refund on this payment'],
    [
      'a payment that never succeeded',
      { status: 'failed' as const, amountMinor: 6600, refundedMinor: 0 },
      1,
      'paymentId',
      'A failed payment has nothing to refund',
    ],
  ])('refuses %s', (_name, payment, amount, field, message) => {
    const outcome = checkRefund(payment, amount);
    expect(outcome.ok).toBe(false);
    if (!outcome.ok) expect([outcome.field, outcome.message]).toEqual([field, message]);
  });

  it('adds up over a run of partial refunds', () => {
    let payment = captured(1001);
    for (const amount of [333, 333, 335]) {
      const outcome = checkRefund(payment, amount);
      if (!outcome.ok) throw new Error(outcome.message);
      payment = { ...payment, refundedMinor: outcome.refundedAfterMinor };
    }
    expect(refundableMinor(payment)).toBe(0);
    expect(checkRefund(payment, 1).ok).toBe(false);
  });
});

describe('refundEffect', () => {
  it.each([
    ['closed', 'refunds-sale'],
    ['open', 'reduces-paid'],
  ] as const)('on a %s ticket: %s', (status, effect) => expect(refundEffect(status)).toBe(effect));
});
