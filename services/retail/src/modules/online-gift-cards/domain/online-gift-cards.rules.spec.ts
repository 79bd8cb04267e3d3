import { describe, expect, it } from 'vitest';
import { deliveryTime, orderStep } from './online-gift-cards.rules.js';

const ZONE = 'America/Chicago';
const NOW = new Date('2026-11-24T20:00:00Z'); // 2:00 PM in Chicago

describe('the delivery time of a gift card bought online', () => {
  it.each([
    ['a later day: 9:00 there', '2026-12-25', { ok: true, deliverAt: new Date('2026-12-25T15:00:00Z') }],
    ['today after 9:00: at once', '2026-11-24', { ok: true, deliverAt: NOW }],
    ['tomorrow', '2026-11-25', { ok: true, deliverAt: new Date('2026-11-25T15:00:00Z') }],
    ['yesterday', '2026-11-23', { ok: false, message: 'must be today or later' }],
    ['more than a year ahead', '2027-11-25', { ok: false, message: 'must be within 365 days' }],
    ['not a date', '2026-02-30', { ok: false, message: 'must be a real date (YYYY-MM-DD)' }],
  ])('%s', (_case, day, expected) => {
    expect(deliveryTime(day, ZONE, NOW)).toEqual(expected);
  });

  it("uses the location's day, not UTC's (late evening in Chicago is already tomorrow in UTC)", () => {
    const evening = new Date('2026-11-25T04:30:00Z'); // 10:30 PM on the 24th in Chicago
    expect(deliveryTime('2026-11-24', ZONE, evening)).toEqual({ ok: true, deliverAt: evening });
  });
});

describe('an order after reading its payment', () => {
  it.each([
    ['awaiting_payment', 'succeeded', { do: 'issue' }],
    ['awaiting_payment', 'awaiting_card', { do: 'wait' }],
    ['awaiting_payment', 'awaiting_authentication', { do: 'wait' }],
    ['awaiting_payment', 'failed', { do: 'fail', reason: 'Your card was declined.' }],
    ['awaiting_payment', 'canceled', { do: 'fail', reason: 'The payment was cancelled' }],
    ['paid', 'succeeded', { do: 'nothing' }],
    ['failed', 'succeeded', { do: 'nothing' }],
  ] as const)('%s with the intent %s', (status, state, expected) => {
    expect(orderStep(status, { state, failureReason: 'Your card was declined.' })).toEqual(expected);
  });
});
