import { describe, expect, it } from 'vitest';
import { buildPayRuleInput, formFromTerms, pinProblem, type PayRuleTerms } from './pay-rule-form';

const latest: PayRuleTerms = {
  hourlyRateMinor: 1500,
  salaryPerPeriodMinor: null,
  serviceCommission: {
    rateBps: 4000,
    tierMode: 'marginal',
    tiers: [{ fromMinor: 200_000, rateBps: 4500 }],
    overrides: [],
  },
  productCommissionBps: 1000,
  categoryCommissions: [{ kind: 'service', category: 'Colour', rateBps: 3250 }],
  deductions: { backBarFeeMinor: 200, productCostBps: 0 },
  tips: { paid: true, lessCardFee: true, takeBackOnRefund: true },
  boothRentPerPeriodMinor: 0,
};

describe('the pay rule form', () => {
  it('starts from the latest version and carries over what it does not show', () => {
    const form = formFromTerms(latest, '2026-12-01');
    expect(form).toMatchObject({ hourlyRate: '15.00', servicePercent: '40', productPercent: '10', tips: 'less_card_fee' });
    const { input, errors } = buildPayRuleInput({ ...form, hourlyRate: '18.50' }, latest);
    expect(errors).toEqual({});
    expect(input).toMatchObject({
      effectiveFrom: '2026-12-01',
      hourlyRateMinor: 1850,
      serviceCommission: { rateBps: 4000, tierMode: 'marginal', tiers: [{ fromMinor: 200_000, rateBps: 4500 }] },
      categoryCommissions: [{ kind: 'service', category: 'Colour', rateBps: 3250 }],
      deductions: { backBarFeeMinor: 200, productCostBps: 0 },
      tips: { paid: true, lessCardFee: true, takeBackOnRefund: true },
    });
  });

  it('names each wrong field by its contract name', () => {
    const form = {
      ...formFromTerms(null, ''),
      hourlyRate: '15,5',
      servicePercent: '120',
      categories: [
        { kind: 'product' as const, category: 'Hair care', percent: '15' },
        { kind: 'product' as const, category: ' hair care ', percent: '' },
        { kind: 'service' as const, category: '', percent: '10' },
      ],
    };
    expect(buildPayRuleInput(form, null)).toEqual({
      input: null,
      errors: {
        effectiveFrom: 'is required',
        hourlyRateMinor: 'must be an amount like 18.50',
        'serviceCommission.rateBps': 'must be a percent from 0 to 100',
        'categoryCommissions.1.category': 'already has a product rate',
        'categoryCommissions.1.rateBps': 'is required',
        'categoryCommissions.2.category': 'is required',
      },
    });
  });

  it.each([
    ['1234', null],
    ['12345678', null],
    ['123', 'must be 4 to 8 digits'],
    ['12a4', 'must be 4 to 8 digits'],
  ])('PIN %s → %s', (pin, problem) => {
    expect(pinProblem(pin)).toBe(problem);
  });
});
