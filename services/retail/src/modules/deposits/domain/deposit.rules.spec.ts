import { describe, expect, it } from 'vitest';
import { applicableMinor, cardSettleStep, depositKey, depositOutcome, forfeitedSale, settleStep } from './deposit.rules.js';

describe('settleStep', () => {
  it.each([
    ['awaiting_payment', 'awaiting_card', null, { do: 'wait' }],
    ['awaiting_payment', 'awaiting_authentication', null, { do: 'wait' }],
    ['awaiting_payment', 'awaiting_capture', null, { do: 'confirm-booking' }],
    ['awaiting_payment', 'succeeded', null, { do: 'confirm-booking' }],
    ['authorized', 'awaiting_capture', null, { do: 'confirm-booking' }],
    ['authorized', 'awaiting_card', null, { do: 'confirm-booking' }],
    ['awaiting_payment', 'failed', 'Your card was declined.', { do: 'fail', reason: 'Your card was declined.' }],
    ['awaiting_payment', 'failed', null, { do: 'fail', reason: 'The card was declined' }],
    ['awaiting_payment', 'canceled', null, { do: 'fail', reason: 'The payment was cancelled' }],
    ['held', 'succeeded', null, { do: 'nothing' }],
    ['held', 'canceled', null, { do: 'nothing' }],
    ['released', 'awaiting_capture', null, { do: 'nothing' }],
    ['failed', 'succeeded', null, { do: 'nothing' }],
    ['applied', 'succeeded', null, { do: 'nothing' }],
  ] as const)('%s with the intent %s → %o', (status, state, failureReason, step) => {
    expect(settleStep(status, { state, failureReason })).toEqual(step);
  });
});

describe('cardSettleStep (a card hold: the SetupIntent decides, nothing is charged)', () => {
  it.each([
    ['awaiting_payment', 'awaiting_card', null, { do: 'wait' }],
    ['awaiting_payment', 'awaiting_authentication', null, { do: 'wait' }],
    ['awaiting_payment', 'succeeded', null, { do: 'confirm-booking' }],
    ['authorized', 'succeeded', null, { do: 'confirm-booking' }],
    ['awaiting_payment', 'failed', 'Your card was declined.', { do: 'fail', reason: 'Your card was declined.' }],
    ['awaiting_payment', 'failed', null, { do: 'fail', reason: 'The card was declined' }],
    ['awaiting_payment', 'canceled', null, { do: 'fail', reason: 'The card was not saved' }],
    ['card_saved', 'succeeded', null, { do: 'nothing' }],
    ['card_saved', 'canceled', null, { do: 'nothing' }],
    ['released', 'succeeded', null, { do: 'nothing' }],
    ['failed', 'succeeded', null, { do: 'nothing' }],
  ] as const)('%s with the setup %s → %o', (status, state, failureReason, step) => {
    expect(cardSettleStep(status, { state, failureReason })).toEqual(step);
  });
});

describe('depositOutcome (the cancellation policy)', () => {
  it.each([
    [{ kind: 'cancelled', lateCancel: false }, 'refund'],
    [{ kind: 'cancelled', lateCancel: true }, 'forfeit'],
    [{ kind: 'no-show' }, 'forfeit'],
  ] as const)('%o → %s', (how, outcome) => {
    expect(depositOutcome(how)).toBe(outcome);
  });
});

describe('forfeitedSale (a kept deposit is a sale)', () => {
  it.each([
    [
      { kind: 'cancelled', lateCancel: true },
      'Deposit kept: late cancellation',
      'Cancelled inside the late-cancel window: the deposit is kept',
    ],
    [{ kind: 'no-show' }, 'Deposit kept: no-show', 'No-show: the deposit is kept'],
  ] as const)('%o → a fee line "%s" for the whole deposit', (how, lineName, reason) => {
    expect(forfeitedSale(how, 2000)).toEqual({ lineName, reason, amountMinor: 2000 });
  });
});

describe('applicableMinor', () => {
  it.each([
    [2000, 5500, 2000],
    [2000, 1500, 1500],
    [2000, 0, 0],
  ])('a deposit of %i on a balance of %i → %i', (deposit, balance, applied) => {
    expect(applicableMinor(deposit, balance)).toBe(applied);
  });
});

it('derives one key per deposit and step', () => {
  expect(depositKey('d1', 'capture')).toBe('deposit-d1-capture');
  expect(depositKey('d1', 'capture')).not.toBe(depositKey('d1', 'cancel'));
});
