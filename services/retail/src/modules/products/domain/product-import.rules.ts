import { createProductInputSchema, MAX_STOCK_QUANTITY, type ProductImportField } from '@salon/contracts';
import { matchColumns } from '@salon/nest-kit';
import type { z } from 'zod';

/**
 * A product import's rules: which column is which (header synonyms, the shared matcher of every
 * import), and one row → a product input or its problems, each naming the column. Pure.
 */

/** Header names (as header keys) a spreadsheet or another salon system uses for each field, best first. */
export const PRODUCT_SYNONYMS: Readonly<Record<ProductImportField, readonly string[]>> = {
  name: ['name', 'productname', 'itemname', 'product', 'item', 'title', 'description'],
  brand: ['brand', 'brandname', 'manufacturer', 'vendor', 'supplier'],
  category: ['category', 'productcategory', 'type', 'producttype', 'department'],
  sku: ['sku', 'skunumber', 'itemcode', 'productcode', 'code', 'reference', 'ref'],
  barcode: ['barcode', 'upc', 'ean', 'gtin', 'upcean', 'barcodenumber'],
  price: ['price', 'retailprice', 'saleprice', 'sellingprice', 'unitprice', 'msrp'],
  cost: ['cost', 'costprice', 'unitcost', 'supplyprice', 'wholesaleprice', 'wholesale'],
  taxClass: ['tax', 'taxclass', 'taxable', 'taxrate'],
  use: ['use', 'usage', 'professional', 'backbar', 'retailorprofessional'],
  active: ['active', 'status', 'enabled'],
  lowStockThreshold: ['lowstock', 'lowstockthreshold', 'reorderlevel', 'reorderpoint', 'minstock', 'minimumstock', 'threshold'],
  photoUrl: ['photo', 'photourl', 'image', 'imageurl', 'picture'],
  quantity: ['quantity', 'qty', 'stock', 'onhand', 'instock', 'stockonhand', 'currentstock', 'inventory'],
};

export type ColumnMap = Partial<Record<ProductImportField, string | null>>;

export function detectProductColumns(columns: readonly string[]): Record<ProductImportField, string | null> {
  return matchColumns(columns, PRODUCT_SYNONYMS);
}

const LABEL: Record<ProductImportField, string> = {
  name: 'Name',
  brand: 'Brand',
  category: 'Category',
  sku: 'SKU',
  barcode: 'Barcode',
  price: 'Price',
  cost: 'Cost',
  taxClass: 'Tax',
  use: 'Use',
  active: 'Active',
  lowStockThreshold: 'Low stock',
  photoUrl: 'Photo',
  quantity: 'Quantity',
};

/** '$1,234.5' → 123450; '' → undefined; anything else not money → null. */
export function moneyCell(text: string): number | null | undefined {
  const t = text.trim().replace(/^\$/, '').replace(/,/g, '');
  if (t === '') return undefined;
  if (!/^\d+(\.\d{0,2})?$|^\.\d{1,2}$/.test(t)) return null;
  const [whole, frac = ''] = t.split('.');
  return Number(whole || '0') * 100 + Number((frac + '00').slice(0, 2));
}

const YES = new Set(['yes', 'y', 'true', '1', 'active', 'enabled', 'on']);
const NO = new Set(['no', 'n', 'false', '0', 'inactive', 'disabled', 'off', 'archived']);

function choice<T extends string>(text: string, table: Record<string, T>): T | null | undefined {
  const key = text
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
  if (key === '') return undefined;
  return table[key] ?? null;
}

const TAX: Record<string, 'product' | 'service' | 'none'> = {
  product: 'product',
  products: 'product',
  retail: 'product',
  yes: 'product',
  taxable: 'product',
  true: 'product',
  y: 'product',
  service: 'service',
  services: 'service',
  none: 'none',
  no: 'none',
  exempt: 'none',
  taxfree: 'none',
  notaxed: 'none',
  false: 'none',
  n: 'none',
  '0': 'none',
};
const USE: Record<string, 'retail' | 'professional'> = {
  retail: 'retail',
  sale: 'retail',
  resale: 'retail',
  no: 'retail',
  false: 'retail',
  professional: 'professional',
  pro: 'professional',
  backbar: 'professional',
  salonuse: 'professional',
  yes: 'professional',
  true: 'professional',
};

export type MappedRow =
  | { ok: true; product: z.output<typeof createProductInputSchema>; quantity: number | null }
  | { ok: false; problems: string[]; name: string | null; sku: string | null; barcode: string | null };

/** One row's cells → a product the contract accepts (with its stock to receive), or each problem by column. */
export function mapProductRow(cells: readonly string[], columns: readonly string[], mapping: ColumnMap): MappedRow {
  const cell = (f: ProductImportField): string => {
    const column = mapping[f];
    if (!column) return '';
    const i = columns.indexOf(column);
    return i < 0 ? '' : (cells[i] ?? '').trim();
  };
  const problems: string[] = [];
  // The name always goes to the contract, so a blank one is told "is required" like the form.
  const draft: Record<string, unknown> = { name: cell('name') };
  const text = (f: 'name' | 'brand' | 'category' | 'sku' | 'barcode' | 'photoUrl') => {
    const v = cell(f);
    if (v !== '') draft[f] = v;
  };
  (['name', 'brand', 'category', 'sku', 'barcode', 'photoUrl'] as const).forEach(text);
  for (const f of ['price', 'cost'] as const) {
    const v = moneyCell(cell(f));
    if (v === null) problems.push(`${LABEL[f]}: "${cell(f)}" is not an amount such as 24.50`);
    else if (v !== undefined) draft[f === 'price' ? 'priceMinor' : 'costMinor'] = v;
  }
  if (draft.priceMinor === undefined && !problems.some((p) => p.startsWith('Price'))) problems.push('Price: is required');
  const tax = choice(cell('taxClass'), TAX);
  if (tax === null) problems.push(`Tax: "${cell('taxClass')}" is not product, service or none`);
  else if (tax) draft.taxClass = tax;
  const use = choice(cell('use'), USE);
  if (use === null) problems.push(`Use: "${cell('use')}" is not retail or professional`);
  else if (use) draft.use = use;
  const active = cell('active').toLowerCase();
  if (active !== '') {
    if (YES.has(active)) draft.active = true;
    else if (NO.has(active)) draft.active = false;
    else problems.push(`Active: "${cell('active')}" is not yes or no`);
  }
  const whole = (f: 'lowStockThreshold' | 'quantity'): number | null => {
    const v = cell(f);
    if (v === '') return null;
    if (!/^\d{1,6}$/.test(v) || Number(v) > MAX_STOCK_QUANTITY) {
      problems.push(`${LABEL[f]}: "${v}" is not a whole number of units up to ${MAX_STOCK_QUANTITY}`);
      return null;
    }
    return Number(v);
  };
  const threshold = whole('lowStockThreshold');
  if (threshold !== null) draft.lowStockThreshold = threshold;
  const quantity = whole('quantity');
  const parsed = createProductInputSchema.safeParse(draft);
  if (!parsed.success)
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? '');
      const label = field === 'priceMinor' ? 'Price' : field === 'costMinor' ? 'Cost' : (LABEL[field as ProductImportField] ?? field);
      const message = `${label}: ${issue.message}`;
      if (!problems.some((p) => p.startsWith(`${label}:`))) problems.push(message);
    }
  if (problems.length || !parsed.success)
    return { ok: false, problems, name: cell('name') || null, sku: cell('sku') || null, barcode: cell('barcode') || null };
  return { ok: true, product: parsed.data, quantity };
}

/** A field's column that is not in the file (a mapping typed by hand), or null. */
export function missingColumns(mapping: ColumnMap, columns: readonly string[]): string[] {
  return Object.entries(mapping)
    .filter(([, column]) => column && !columns.includes(column))
    .map(([field, column]) => `mapping.${field}: the file has no column "${column}"`);
}
