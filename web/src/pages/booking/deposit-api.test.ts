import { describe, expect, it } from 'vitest';
import { cardFeesText, depositOf, isSettled } from './deposit-api';

describe('depositOf (as scheduling works it out)', () => {
  it.each([
    [null, 5500, 0],
    [{ type: 'fixed', amountMinor: 2000 }, 5500, 2000],
    [{ type: 'fixed', amountMinor: 2000 }, 1500, 1500],
    [{ type: 'percent', percent: 25 }, 9000, 2250],
    [{ type: 'percent', percent: 50 }, 4999, 2500],
  ] as const)('%o on %i → %i', (rule, price, deposit) => {
    expect(depositOf(rule, price)).toBe(deposit);
  });
  it('knows when to stop reading', () => {
    expect(isSettled('awaiting_payment')).toBe(false);
    expect(isSettled('authorized')).toBe(false);
    expect(isSettled('held')).toBe(true);
    expect(isSettled('failed')).toBe(true);
    expect(isSettled('card_saved')).toBe(true);
  });
});

describe('cardFeesText (what a card required online may be charged, said before booking)', () => {
  it.each([
    [
      { noShowFeeMinor: 2500, lateCancelFeeMinor: 1500, lateCancelHours: 24 },
      'It may be charged a no-show fee of $25.00, or a late-cancellation fee of $15.00 if you cancel less than 24 hours before.',
    ],
    [{ noShowFeeMinor: 2500, lateCancelFeeMinor: null, lateCancelHours: 24 }, 'It may be charged a no-show fee of $25.00.'],
    [
      { noShowFeeMinor: null, lateCancelFeeMinor: 1000, lateCancelHours: 48 },
      'It may be charged a late-cancellation fee of $10.00 if you cancel less than 48 hours before.',
    ],
    [{ noShowFeeMinor: null, lateCancelFeeMinor: 0, lateCancelHours: 24 }, 'It is only charged if the salon’s policy asks for a fee.'],
  ])('%o → %s', (policy, text) => {
    expect(cardFeesText(policy)).toBe(text);
  });
});
