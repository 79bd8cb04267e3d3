import type { PaymentStatus } from '@salon/contracts';
import { describe, expect, it } from 'vitest';
import { cardTransition, declineReason, refundKey, tenderIntentKey } from './card-payments.rules.js';
import type { IntentState } from './payment-gateway.js';

describe('cardTransition: what Stripe’s news does to a tender, in any order', () => {
  it.each<[PaymentStatus, IntentState, PaymentStatus | null, boolean, boolean]>([
    // current    intent now                 → status       capture cancel
    ['pending', 'succeeded', 'succeeded', false, false],
    ['pending', 'canceled', 'canceled', false, false],
    ['pending', 'failed', 'failed', false, true],
    ['pending', 'awaiting_capture', null, true, false],
    ['pending', 'awaiting_authentication', null, false, false],
    ['pending', 'awaiting_card', null, false, false],
    // late or repeated news changes nothing once final
    ['succeeded', 'failed', null, false, false],
    ['succeeded', 'succeeded', null, false, false],
    ['succeeded', 'awaiting_capture', null, false, false],
    ['canceled', 'succeeded', null, false, false],
    ['failed', 'failed', null, false, false],
    ['failed', 'canceled', null, false, false],
  ])('%s + %s → %s (capture %s, cancel %s)', (current, state, status, capture, cancelIntent) => {
    expect(cardTransition(current, state)).toEqual({ status, capture, cancelIntent });
  });
});

describe('idempotency keys', () => {
  it('derive from the ticket and the request key, so the same request reaches the same intent and another does not', () => {
    expect(tenderIntentKey('t1', 'k1')).toBe(tenderIntentKey('t1', 'k1'));
    expect(tenderIntentKey('t1', 'k1')).not.toBe(tenderIntentKey('t1', 'k2'));
    expect(tenderIntentKey('t1', 'k1')).not.toBe(tenderIntentKey('t2', 'k1'));
    expect(refundKey('p1', 'k1')).not.toBe(refundKey('p2', 'k1'));
    expect(tenderIntentKey('a'.repeat(36), 'k'.repeat(100)).length).toBeLessThanOrEqual(255);
  });
});

describe('declineReason', () => {
  it.each([
    ['Your card has insufficient funds.', 'insufficient_funds', 'Your card has insufficient funds.'],
    [null, 'generic_decline', 'The card was declined (generic decline)'],
    ['  ', null, 'The card was declined'],
  ])('%s / %s → %s', (message, code, expected) => expect(declineReason(message, code)).toBe(expected));
});
