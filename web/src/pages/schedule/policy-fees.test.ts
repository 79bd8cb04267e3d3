import { describe, expect, it } from 'vitest';
import { feeText, parseFee } from './policy-fees';

describe('the booking policy’s fee fields', () => {
  it.each([
    ['', null],
    ['  ', null],
    ['25', 2500],
    ['25.5', 2550],
    ['$25.00', 2500],
    ['0', 0],
    ['1,250.99', 125099],
  ])('%j → %s', (text, minor) => {
    expect(parseFee(text)).toEqual({ ok: true, minor });
  });

  it.each(['-5', '25.001', 'ten', '1e3', '2.5.0'])('%j is refused with a clear message', (text) => {
    expect(parseFee(text)).toEqual({ ok: false, error: 'Must be an amount like 25 or 25.00 (empty: no fee)' });
  });

  it('refuses an amount beyond the limit', () => {
    expect(parseFee('2000000')).toEqual({ ok: false, error: 'Must be at most $1,000,000.00' });
  });

  it('shows minor units as dollars, no fee as empty', () => {
    expect(feeText(2500)).toBe('25.00');
    expect(feeText(5)).toBe('0.05');
    expect(feeText(null)).toBe('');
  });
});
