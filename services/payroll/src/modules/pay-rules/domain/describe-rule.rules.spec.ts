import { payRuleInputSchema } from '@salon/contracts';
import { describe, expect, it } from 'vitest';
import { describeRule } from './describe-rule.rules.js';

describe('describeRule', () => {
  it('says every part of a rule in order', () => {
    const rule = payRuleInputSchema.parse({
      effectiveFrom: '2026-01-01',
      hourlyRateMinor: 1500,
      serviceCommission: { rateBps: 4000, tierMode: 'marginal', tiers: [{ fromMinor: 200_000, rateBps: 4500 }] },
      deductions: { backBarFeeMinor: 200 },
      productCommissionBps: 1000,
      tips: { lessCardFee: true },
      boothRentPerPeriodMinor: 10_000,
    });
    expect(describeRule(rule)).toBe(
      '15.00 an hour; service commission 40% (each part at its tier: 45% from 2000.00); less 2.00 back-bar fee per service; product commission 10%; tips paid less the card fee; booth rent 100.00 per period',
    );
  });
});

describe('describeRule with category rates', () => {
  it('names each category rate after the product commission', () => {
    const rule = payRuleInputSchema.parse({
      effectiveFrom: '2026-01-01',
      productCommissionBps: 1000,
      categoryCommissions: [
        { kind: 'service', category: 'Colour', rateBps: 3250 },
        { kind: 'product', category: 'Hair care', rateBps: 1500 },
      ],
      tips: { paid: false },
    });
    expect(describeRule(rule)).toBe(
      'product commission 10%; 32.5% on service category Colour; 15% on product category Hair care; tips not paid through payroll',
    );
  });
});
