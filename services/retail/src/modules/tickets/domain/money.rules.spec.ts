import { describe, expect, it } from 'vitest';
import { allocate, divideHalfUp, formatMinor, percentOf, percentToBps, rateToPpm, taxOf } from './money.rules.js';

describe('divideHalfUp', () => {
  it.each([
    [5n, 2n, 3n],
    [4n, 2n, 2n],
    [7n, 3n, 2n],
    [8n, 3n, 3n],
    [0n, 9n, 0n],
    [1n, 2n, 1n],
    [1n, 3n, 0n],
  ])('%s / %s → %s', (n, d, expected) => {
    expect(divideHalfUp(n, d)).toBe(expected);
  });
});

describe('percentOf (basis points, half-up)', () => {
  it.each([
    // amount, bps, expected, why
    [5500, 2000, 1100, '20% of $55.00'],
    [4250, 1800, 765, '18% of $42.50'],
    [4275, 1500, 641, '15% of $42.75 = 641.25¢ → down'],
    [4270, 1500, 641, '15% of $42.70 = 640.5¢ → up'],
    [999, 1250, 125, '12.5% of $9.99 = 124.875¢'],
    [1, 5000, 1, '50% of 1¢ = 0.5¢ → up'],
    [0, 2000, 0, 'nothing'],
    [12345, 10000, 12345, '100%'],
  ])('%i × %i bps = %i (%s)', (amount, bps, expected) => {
    expect(percentOf(amount, bps)).toBe(expected);
  });
  it('refuses fractions and negatives', () => {
    expect(() => percentOf(10.5, 100)).toThrow(RangeError);
    expect(() => percentOf(-1, 100)).toThrow(RangeError);
  });
});

describe('taxOf (parts per million, half-up)', () => {
  it.each([
    [1999, 102_500, 205, '10.25% of $19.99 = 204.8975¢'],
    [2000, 88_750, 178, '8.875% of $20.00 = 177.5¢ → up'],
    [5500, 0, 0, 'untaxed'],
    [100_000_000, 102_500, 10_250_000, '$1M at 10.25%: no float drift'],
    [3, 166_667, 1, '16.6667% of 3¢ = 0.5¢ → up'],
  ])('%i at %i ppm = %i (%s)', (amount, ppm, expected) => {
    expect(taxOf(amount, ppm)).toBe(expected);
  });
});

describe('allocate (largest remainder)', () => {
  it.each([
    // total, weights, expected
    [100, [1, 1, 1], [34, 33, 33]],
    [1100, [5500, 3500], [672, 428]],
    [1000, [3333, 3333, 3334], [333, 333, 334]],
    [1, [1, 1], [1, 0]],
    [1, [1, 2], [0, 1]],
    [7, [0, 0], [4, 3]],
    [0, [5, 5], [0, 0]],
    [500, [100, 0, 300], [125, 0, 375]],
    [10, [1, 1, 1, 1, 1, 1], [2, 2, 2, 2, 1, 1]],
  ])('%i over %j → %j', (total, weights, expected) => {
    const shares = allocate(total, weights);
    expect(shares).toEqual(expected);
    expect(shares.reduce((a, b) => a + b, 0)).toBe(total);
  });

  it('always adds up to the cent, for many random splits', () => {
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let run = 0; run < 500; run++) {
      const total = Math.floor(random() * 100_000);
      const weights = Array.from({ length: 1 + Math.floor(random() * 6) }, () => Math.floor(random() * 20_000));
      const shares = allocate(total, weights);
      expect(shares.reduce((a, b) => a + b, 0)).toBe(total);
      expect(shares.every((s) => s >= 0)).toBe(true);
    }
  });

  it('refuses to share a positive amount among nobody', () => {
    expect(allocate(0, [])).toEqual([]);
    expect(() => allocate(5, [])).toThrow(RangeError);
  });
});

describe('conversions and display', () => {
  it.each([
    [20, 2000],
    [12.5, 1250],
    [0.01, 1],
  ])('%d%% = %i bps', (percent, bps) => expect(percentToBps(percent)).toBe(bps));
  it.each([
    [10.25, 102_500],
    [8.875, 88_750],
    [0, 0],
  ])('%d%% = %i ppm', (rate, ppm) => expect(rateToPpm(rate)).toBe(ppm));
  it('formats USD en-US', () => {
    expect(formatMinor(4320)).toBe('$43.20');
    expect(formatMinor(123456)).toBe('$1,234.56');
  });
});
