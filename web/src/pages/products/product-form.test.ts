import { describe, expect, it } from 'vitest';
import { EMPTY_FORM, inputOf, isLowAt, onHandAt } from './product-form';

describe('the product form', () => {
  it('turns dollars into cents and blanks into none', () => {
    const r = inputOf({ ...EMPTY_FORM, name: ' Argan Oil ', price: '24.50', cost: '', sku: 'AO-1', lowStockThreshold: '3' });
    expect(r).toEqual({
      ok: true,
      input: expect.objectContaining({
        name: 'Argan Oil',
        priceMinor: 2450,
        costMinor: 0,
        sku: 'AO-1',
        barcode: null,
        brand: null,
        lowStockThreshold: 3,
      }),
    });
  });

  it('names each field to fix', () => {
    const r = inputOf({ ...EMPTY_FORM, price: 'abc', cost: '-1', lowStockThreshold: '1.5', photoUrl: 'ftp://x', barcode: 'a\tb' });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(Object.keys(r.errors).sort()).toEqual(['barcode', 'cost', 'lowStockThreshold', 'name', 'photoUrl', 'price']);
  });

  it('reads stock at a location, and low only with a threshold', () => {
    const p = { stock: [{ locationId: 'a', onHand: 2, low: true }], lowStockThreshold: 2 };
    expect(onHandAt(p, 'a')).toBe(2);
    expect(onHandAt(p, 'b')).toBe(0);
    expect(isLowAt(p, 'a')).toBe(true);
    expect(isLowAt({ ...p, lowStockThreshold: null }, 'b')).toBe(false);
  });
});
