import { describe, expect, it } from 'vitest';
import { depositOf, isSettled } from './deposit-api';

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
  });
});
