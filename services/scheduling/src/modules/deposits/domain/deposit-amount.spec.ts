import { describe, expect, it } from 'vitest';
import { depositFor, depositParts } from './deposit-amount.js';

describe('depositFor', () => {
  it.each([
    ['no rule', [{ priceMinor: 5500, deposit: null }], 0],
    ['fixed', [{ priceMinor: 5500, deposit: { type: 'fixed', amountMinor: 2000 } }], 2000],
    ['fixed above the price is the price', [{ priceMinor: 1500, deposit: { type: 'fixed', amountMinor: 2000 } }], 1500],
    ['percent', [{ priceMinor: 12000, deposit: { type: 'percent', percent: 25 } }], 3000],
    ['percent rounds half up', [{ priceMinor: 4999, deposit: { type: 'percent', percent: 50 } }], 2500],
    ['percent rounds down below half', [{ priceMinor: 3333, deposit: { type: 'percent', percent: 10 } }], 333],
    ['100 percent', [{ priceMinor: 3333, deposit: { type: 'percent', percent: 100 } }], 3333],
    [
      'a visit adds its services',
      [
        { priceMinor: 12000, deposit: { type: 'percent', percent: 25 } },
        { priceMinor: 5500, deposit: null },
        { priceMinor: 4000, deposit: { type: 'fixed', amountMinor: 1000 } },
      ],
      4000,
    ],
    ['free service', [{ priceMinor: 0, deposit: { type: 'fixed', amountMinor: 1000 } }], 0],
  ] as const)('%s', (_name, parts, expected) => {
    expect(depositFor(parts as never)).toBe(expected);
  });

  it('reads a one-service snapshot and a visit of several', () => {
    expect(depositParts({ priceMinor: 5500, deposit: { type: 'fixed', amountMinor: 2000 } })).toEqual([
      { priceMinor: 5500, deposit: { type: 'fixed', amountMinor: 2000 } },
    ]);
    expect(
      depositParts({ priceMinor: 9500, segments: [{ priceMinor: 5500 }, { priceMinor: 4000, deposit: { type: 'percent', percent: 50 } }] }),
    ).toEqual([
      { priceMinor: 5500, deposit: null },
      { priceMinor: 4000, deposit: { type: 'percent', percent: 50 } },
    ]);
  });
});
