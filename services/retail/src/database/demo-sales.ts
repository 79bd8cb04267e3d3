/**
 * The demo brand's retail products by name and price: the catalogue seeds them (demo-products.ts)
 * and its spec checks the prices.
 */
export const DEMO_PRODUCTS = [
  { name: 'Hydrating Shampoo 8 oz', unitPriceMinor: 1999 },
  { name: 'Repair Mask', unitPriceMinor: 2850 },
  { name: 'Cuticle Oil', unitPriceMinor: 1200 },
] as const;
