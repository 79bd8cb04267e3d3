import { createProductInputSchema } from '@salon/contracts';
import { describe, expect, it } from 'vitest';
import { demoProducts, demoStock, ean13 } from './demo-products.js';
import { DEMO_PRODUCTS } from './demo-sales.js';

describe('the demo catalogue', () => {
  const products = demoProducts();

  it('has 60 products the contract accepts, with unique SKUs and barcodes, some back-bar', () => {
    expect(products).toHaveLength(60);
    for (const p of products) expect(createProductInputSchema.safeParse(p).success, p.name).toBe(true);
    expect(new Set(products.map((p) => p.sku)).size).toBe(60);
    expect(new Set(products.map((p) => p.barcode)).size).toBe(60);
    expect(products.filter((p) => p.use === 'professional').length).toBe(4);
  });

  it('holds the products the demo sales rang up', () => {
    for (const p of DEMO_PRODUCTS) expect(products.find((x) => x.name === p.name)?.priceMinor).toBe(p.unitPriceMinor);
  });

  it('makes valid EAN-13 barcodes', () => {
    expect(ean13('400638133393')).toBe('4006381333931');
  });

  it('never takes stock below zero, and leaves a few products low', () => {
    const lows = products.filter((p, i) => {
      const s = demoStock(i, 0, p.use);
      const left = s.received - s.used + s.adjusted;
      expect(left).toBeGreaterThanOrEqual(1);
      return left <= p.lowStockThreshold;
    });
    expect(lows.length).toBeGreaterThanOrEqual(5);
  });
});
