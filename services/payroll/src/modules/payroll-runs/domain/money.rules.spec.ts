import { describe, expect, it } from 'vitest';
import { applyBps, formatBps, formatMinor, formatMinutes, roundHalfAway } from './money.rules.js';

describe('cents', () => {
  it.each([
    [0.5, 1],
    [-0.5, -1],
    [2.4999, 2],
    [1.005 * 100, 101],
  ])('roundHalfAway(%d) = %d', (v, r) => expect(roundHalfAway(v)).toBe(r));
  it('applies basis points', () => expect(applyBps(12_345, 4000)).toBe(4938));
  it('formats', () => {
    expect(formatMinor(123_456)).toBe('1234.56');
    expect(formatMinor(-5)).toBe('-0.05');
    expect(formatBps(4250)).toBe('42.5%');
    expect(formatMinutes(485)).toBe('8:05');
  });
});
