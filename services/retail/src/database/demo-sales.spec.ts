import { describe, expect, it } from 'vitest';
import { computeTotals } from '../modules/tickets/domain/ticket-totals.rules.js';
import { demoSalePlan, DEMO_PRODUCTS } from './demo-sales.js';

describe('demoSalePlan', () => {
  it('is the same every time, with tips, products and change in the mix', () => {
    const plans = Array.from({ length: 40 }, (_, i) => demoSalePlan(i));
    expect(plans).toEqual(Array.from({ length: 40 }, (_, i) => demoSalePlan(i)));
    expect(plans.filter((p) => p.tipPercent > 0).length).toBeGreaterThan(25);
    expect(plans.filter((p) => p.product !== null).length).toBe(10);
    expect(new Set(plans.map((p) => p.product).filter((p) => p !== null))).toEqual(new Set([0, 1, 2]));
    expect(plans.some((p) => p.roundUpCash)).toBe(true);
  });

  it('makes tickets the domain accepts', () => {
    for (let i = 0; i < 12; i++) {
      const plan = demoSalePlan(i);
      const lines = [
        { kind: 'service' as const, quantity: 1, unitPriceMinor: 5500, staffId: 'dana', discount: null },
        ...(plan.product === null
          ? []
          : [
              {
                kind: 'product' as const,
                quantity: 1,
                unitPriceMinor: DEMO_PRODUCTS[plan.product]!.unitPriceMinor,
                staffId: null,
                discount: null,
              },
            ]),
      ];
      const tip = plan.tipPercent ? { mode: 'percent' as const, bps: plan.tipPercent * 100 } : null;
      expect(computeTotals({ lines, discount: null, tip, rates: { servicePpm: 0, productPpm: 102_500 } }).ok).toBe(true);
    }
  });
});
