import { describe, expect, it } from 'vitest';
import { detectProductColumns, mapProductRow, missingColumns, moneyCell } from './product-import.rules.js';

describe('product import rules', () => {
  const columns = ['Item Name', 'Brand', 'SKU', 'UPC', 'Retail Price', 'Unit Cost', 'Taxable', 'Back-bar', 'Qty', 'Reorder Level'];
  const mapping = detectProductColumns(columns);

  it('detects the columns of a typical export by their headers', () => {
    expect(mapping).toMatchObject({
      name: 'Item Name',
      brand: 'Brand',
      sku: 'SKU',
      barcode: 'UPC',
      price: 'Retail Price',
      cost: 'Unit Cost',
      taxClass: 'Taxable',
      use: 'Back-bar',
      quantity: 'Qty',
      lowStockThreshold: 'Reorder Level',
      category: null,
    });
  });

  it.each([
    ['24.50', 2450],
    ['$1,234.5', 123450],
    ['.99', 99],
    ['', undefined],
    ['12.345', null],
    ['-3', null],
    ['free', null],
  ])('reads money %j as %j', (text, minor) => expect(moneyCell(text)).toBe(minor));

  it('maps a good row to a product the contract accepts, with its stock', () => {
    const r = mapProductRow(['Argan Oil', 'Lumen', 'AO-1', '4006381333931', '$24.50', '11', 'yes', 'no', '12', '3'], columns, mapping);
    expect(r).toEqual({
      ok: true,
      quantity: 12,
      product: expect.objectContaining({
        name: 'Argan Oil',
        brand: 'Lumen',
        sku: 'AO-1',
        barcode: '4006381333931',
        priceMinor: 2450,
        costMinor: 1100,
        taxClass: 'product',
        use: 'retail',
        active: true,
        lowStockThreshold: 3,
      }),
    });
  });

  it('names every problem of a bad row by its column', () => {
    const r = mapProductRow(['', '', 'A B#', '', 'abc', '', 'maybe', 'sometimes', '1.5', ''], columns, mapping);
    expect(r.ok).toBe(false);
    if (!r.ok)
      expect(r.problems.sort()).toEqual([
        'Name: is required',
        'Price: "abc" is not an amount such as 24.50',
        'Quantity: "1.5" is not a whole number of units up to 100000',
        'SKU: SKU may hold letters, digits, spaces and . _ - /',
        'Tax: "maybe" is not product, service or none',
        'Use: "sometimes" is not retail or professional',
      ]);
  });

  it('requires a price', () => {
    const r = mapProductRow(['Comb'], ['Name'], { name: 'Name' });
    expect(r).toMatchObject({ ok: false, problems: ['Price: is required'] });
  });

  it('names a mapped column the file does not have', () => {
    expect(missingColumns({ name: 'Title', sku: 'SKU' }, ['SKU'])).toEqual(['mapping.name: the file has no column "Title"']);
  });
});
