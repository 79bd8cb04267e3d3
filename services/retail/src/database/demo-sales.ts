/**
 * How the demo salon's past visits were paid: mostly with a tip (a preset or none), now and then
 * with a retail product, sometimes with cash rounded up to a note so change was given. Pure and
 * seeded by the visit's index: the same demo every time.
 */
export const DEMO_PRODUCTS = [
  { name: 'Hydrating Shampoo 8 oz', unitPriceMinor: 1999 },
  { name: 'Repair Mask', unitPriceMinor: 2850 },
  { name: 'Cuticle Oil', unitPriceMinor: 1200 },
] as const;

export interface DemoSale {
  /** 0, 15, 18, 20 or 25 percent of the services. */
  tipPercent: number;
  /** Index into DEMO_PRODUCTS, or null. */
  product: number | null;
  /** Paid with the next $20 note up, change given. */
  roundUpCash: boolean;
}

const TIPS = [20, 18, 0, 15, 20, 25, 18, 0, 20, 15];

export function demoSalePlan(index: number): DemoSale {
  return {
    tipPercent: TIPS[index % TIPS.length]!,
    product: index % 4 === 1 ? (index >> 2) % DEMO_PRODUCTS.length : null,
    roundUpCash: index % 3 === 0,
  };
}
