import type { ProductFieldsFragment, ProductInput } from '../../gql/graphql';
import { dollarsToMinor, minorToDollars } from '../services/money';

/** The product dialog's fields as typed (money in dollars). Pure. */
export interface ProductForm {
  name: string;
  brand: string;
  category: string;
  sku: string;
  barcode: string;
  cost: string;
  price: string;
  taxClass: 'product' | 'service' | 'none';
  use: 'retail' | 'professional';
  active: boolean;
  photoUrl: string;
  lowStockThreshold: string;
}

export const EMPTY_FORM: ProductForm = {
  name: '',
  brand: '',
  category: '',
  sku: '',
  barcode: '',
  cost: '',
  price: '',
  taxClass: 'product',
  use: 'retail',
  active: true,
  photoUrl: '',
  lowStockThreshold: '',
};

export function formOf(p: ProductFieldsFragment): ProductForm {
  return {
    name: p.name,
    brand: p.brand ?? '',
    category: p.category ?? '',
    sku: p.sku ?? '',
    barcode: p.barcode ?? '',
    cost: minorToDollars(p.costMinor),
    price: minorToDollars(p.priceMinor),
    taxClass: p.taxClass as ProductForm['taxClass'],
    use: p.use as ProductForm['use'],
    active: p.active,
    photoUrl: p.photoUrl ?? '',
    lowStockThreshold: p.lowStockThreshold === null || p.lowStockThreshold === undefined ? '' : String(p.lowStockThreshold),
  };
}

export type FormErrors = Partial<Record<keyof ProductForm, string>>;

/** The form → the input the retail service takes, or what to fix, by field. Blank optional text is "none". */
export function inputOf(f: ProductForm): { ok: true; input: ProductInput } | { ok: false; errors: FormErrors } {
  const errors: FormErrors = {};
  if (!f.name.trim()) errors.name = 'Enter a name';
  const price = dollarsToMinor(f.price);
  if (price === null) errors.price = 'Enter the price in dollars, such as 24 or 24.50';
  const cost = f.cost.trim() === '' ? 0 : dollarsToMinor(f.cost);
  if (cost === null) errors.cost = 'Enter the cost in dollars, or leave it empty';
  const threshold = f.lowStockThreshold.trim();
  if (threshold && !/^\d{1,6}$/.test(threshold)) errors.lowStockThreshold = 'Enter a whole number of units, or leave it empty';
  if (f.photoUrl.trim() && !/^https?:\/\/\S+$/.test(f.photoUrl.trim())) errors.photoUrl = 'Enter an address starting with https://';
  for (const k of ['sku', 'barcode'] as const)
    if (f[k].trim() && !/^[A-Za-z0-9._\-/ ]{1,64}$/.test(f[k].trim())) errors[k] = 'Letters, digits, spaces and . _ - / only (64 at most)';
  if (Object.keys(errors).length) return { ok: false, errors };
  const orNull = (v: string) => (v.trim() ? v.trim() : null);
  return {
    ok: true,
    input: {
      name: f.name.trim(),
      brand: orNull(f.brand),
      category: orNull(f.category),
      sku: orNull(f.sku),
      barcode: orNull(f.barcode),
      costMinor: cost!,
      priceMinor: price!,
      taxClass: f.taxClass,
      use: f.use,
      active: f.active,
      photoUrl: orNull(f.photoUrl),
      lowStockThreshold: threshold ? Number(threshold) : null,
    },
  };
}

/** What a product has at one location (0 where it never had stock). */
export function onHandAt(p: Pick<ProductFieldsFragment, 'stock'>, locationId: string | undefined): number {
  return p.stock.find((s) => s.locationId === locationId)?.onHand ?? 0;
}

/** Low at a location: at or under its threshold (never without one). */
export function isLowAt(p: Pick<ProductFieldsFragment, 'stock' | 'lowStockThreshold'>, locationId: string | undefined): boolean {
  return p.lowStockThreshold !== null && p.lowStockThreshold !== undefined && onHandAt(p, locationId) <= p.lowStockThreshold;
}
