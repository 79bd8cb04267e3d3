import { describe, expect, it } from 'vitest';
import { reachedRate, tieredCommission } from './commission.rules.js';

// 40 % below $2,000 of service revenue, 45 % from $2,000, 50 % from $4,000.
const tiers = [
  { fromMinor: 200_000, rateBps: 4500 },
  { fromMinor: 400_000, rateBps: 5000 },
];

describe('reachedRate', () => {
  it.each([
    [0, 4000],
    [199_999, 4000],
    [200_000, 4500],
    [399_999, 4500],
    [400_000, 5000],
  ])('revenue %i → %i bps', (revenue, rate) => {
    expect(reachedRate(4000, tiers, revenue)).toBe(rate);
  });
});

/** The period's sales in order, each paid by tieredCommission; returns the period's commission. */
function period(mode: 'whole' | 'marginal', sales: number[]) {
  const periodRevenue = sales.reduce((a, b) => a + b, 0);
  let before = 0;
  let total = 0;
  const lines = sales.map((baseMinor) => {
    const c = tieredCommission(mode, 4000, tiers, { baseMinor, before, periodRevenue });
    before += baseMinor;
    total += c.amountMinor;
    return c;
  });
  return { total, lines };
}

describe('tiered commission, both ways', () => {
  it.each([
    // $3,000 of revenue. whole: all at 45 % = 1,350.00. marginal: 2,000 × 40 % + 1,000 × 45 % = 1,250.00.
    { sales: [150_000, 150_000], whole: 135_000, marginal: 125_000 },
    // $5,000: whole 50 % = 2,500.00; marginal 800 + 900 + 500 = 2,200.00.
    { sales: [100_000, 250_000, 150_000], whole: 250_000, marginal: 220_000 },
    // Below the first tier both ways agree.
    { sales: [50_000, 60_000], whole: 44_000, marginal: 44_000 },
    // Exactly on a threshold: whole reaches it; marginal pays nothing at the new rate yet.
    { sales: [200_000], whole: 90_000, marginal: 80_000 },
  ])('$sales → whole $whole, marginal $marginal', ({ sales, whole, marginal }) => {
    expect(period('whole', sales).total).toBe(whole);
    expect(period('marginal', sales).total).toBe(marginal);
  });

  it('marginal cuts a sale that crosses a threshold and shows both parts', () => {
    const { lines } = period('marginal', [150_000, 100_000]);
    expect(lines[1]!.pieces).toEqual([
      { baseMinor: 50_000, rateBps: 4000 },
      { baseMinor: 50_000, rateBps: 4500 },
    ]);
    expect(lines[1]!.arithmetic).toBe('500.00 × 40% + 500.00 × 45% = 425.00');
  });

  it('no tiers: the base rate, rounded half away from zero once per sale', () => {
    expect(tieredCommission('whole', 4250, [], { baseMinor: 1001, before: 0, periodRevenue: 1001 })).toMatchObject({
      amountMinor: 425, // 425.425 → 425
      arithmetic: '10.01 × 42.5% = 4.25',
    });
    expect(tieredCommission('marginal', 5000, [], { baseMinor: 1001, before: 0, periodRevenue: 1001 }).amountMinor).toBe(501); // 500.5 → 501
  });
});
