import { describe, expect, it } from 'vitest';
import { headerKey, matchColumns } from './csv-columns.js';

describe('matchColumns', () => {
  it('matches headers without case, spaces or punctuation, best synonym first, each column once', () => {
    expect(headerKey(' E-mail Address ')).toBe('emailaddress');
    expect(
      matchColumns(['Item Name', 'Retail Price', 'Price', 'UPC'], {
        name: ['name', 'itemname'],
        price: ['retailprice', 'price'],
        cost: ['cost', 'price'],
        barcode: ['barcode', 'upc'],
        sku: ['sku'],
      }),
    ).toEqual({ name: 'Item Name', price: 'Retail Price', cost: 'Price', barcode: 'UPC', sku: null });
  });
});
