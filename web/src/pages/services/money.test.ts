import { describe, expect, it } from 'vitest';
import { dollarsToMinor, minorToDollars, minutesFrom } from './money';

describe('dollarsToMinor', () => {
  it('reads dollars into cents without float error', () => {
    expect(dollarsToMinor('12.5')).toBe(1250);
    expect(dollarsToMinor('0.29')).toBe(29);
    expect(dollarsToMinor('$1,234.56')).toBe(123456);
    expect(dollarsToMinor('45')).toBe(4500);
    expect(dollarsToMinor('.5')).toBe(50);
    expect(dollarsToMinor('19.99')).toBe(1999);
  });
  it('rejects what is not an amount', () => {
    expect(dollarsToMinor('')).toBeNull();
    expect(dollarsToMinor('abc')).toBeNull();
    expect(dollarsToMinor('-5')).toBeNull();
    expect(dollarsToMinor('1.234')).toBeNull();
  });
});

describe('minorToDollars', () => {
  it('writes cents as a dollar field value', () => {
    expect(minorToDollars(1250)).toBe('12.50');
    expect(minorToDollars(5)).toBe('0.05');
    expect(minorToDollars(0)).toBe('0.00');
    expect(minorToDollars(null)).toBe('');
  });
  it('round-trips', () => {
    for (const c of [0, 1, 99, 100, 1999, 123456]) expect(dollarsToMinor(minorToDollars(c))).toBe(c);
  });
});

describe('minutesFrom', () => {
  it('reads whole minutes', () => {
    expect(minutesFrom(' 30 ')).toBe(30);
    expect(minutesFrom('')).toBeNull();
    expect(minutesFrom('1.5')).toBeNaN();
  });
});
