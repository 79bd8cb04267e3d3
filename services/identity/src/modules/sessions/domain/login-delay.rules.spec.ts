import { describe, expect, it } from 'vitest';
import { closedToUnknownAddresses, delayAfterFailures } from './login-delay.rules.js';

const policy = { freeFailures: 5, baseDelaySeconds: 30, maxDelaySeconds: 900 };

describe('delayAfterFailures', () => {
  it('lets the first failures through without a wait (a typo, a forgotten caps lock)', () => {
    for (const failures of [0, 1, 2, 3, 4]) expect(delayAfterFailures(failures, policy)).toBe(0);
  });

  it('doubles the wait with each further failure, up to the ceiling', () => {
    expect([5, 6, 7, 8, 9, 10, 11, 12].map((n) => delayAfterFailures(n, policy))).toEqual([30, 60, 120, 240, 480, 900, 900, 900]);
    expect(delayAfterFailures(10_000, policy)).toBe(900);
  });
});

describe('closedToUnknownAddresses', () => {
  it('closes an account to new addresses only once many addresses fail for it', () => {
    expect(closedToUnknownAddresses(9, 10)).toBe(false);
    expect(closedToUnknownAddresses(10, 10)).toBe(true);
  });
});
