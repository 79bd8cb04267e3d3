import type { LineKind, PermissionName } from '@salon/contracts';

/**
 * What each kind of line means to the checkout. A new kind (gift card, membership, package: the
 * next issue) is one entry here plus its source; the totals, tips and permissions read this table.
 */
export interface LineKindRule {
  /** Which of the location's tax rates applies; `none`: never taxed (fees; gift cards will be too). */
  taxClass: 'service' | 'product' | 'none';
  /** Counts toward the base a percentage tip is taken of, and toward the staff's tip shares. */
  tipBase: boolean;
  /** A line of this kind rung up at a typed price (no booking or catalogue behind it) needs this permission. */
  typedPricePermission: PermissionName;
  /** Adding a line of this kind at all needs this permission (fees), beyond using the POS. */
  addPermission: PermissionName | null;
}

export const LINE_KIND_RULES: Readonly<Record<LineKind, LineKindRule>> = {
  service: { taxClass: 'service', tipBase: true, typedPricePermission: 'edit_prices', addPermission: null },
  product: { taxClass: 'product', tipBase: false, typedPricePermission: 'edit_prices', addPermission: null },
  fee: { taxClass: 'none', tipBase: false, typedPricePermission: 'charge_fees', addPermission: 'charge_fees' },
  // Prepaid value is not taxed when sold: the services it later pays for are taxed on their own lines.
  // A gift card's amount is typed at the desk (fixed or custom amounts), so using the POS is enough.
  gift_card: { taxClass: 'none', tipBase: false, typedPricePermission: 'use_pos', addPermission: null },
  membership: { taxClass: 'none', tipBase: false, typedPricePermission: 'edit_prices', addPermission: null },
  package: { taxClass: 'none', tipBase: false, typedPricePermission: 'edit_prices', addPermission: null },
};

export interface TaxRatesPpm {
  servicePpm: number;
  productPpm: number;
}

/**
 * The rate (ppm) a line of this kind is taxed at, at a location with these rates. A product line
 * carries its product's tax class (`override`), which wins over the kind's.
 */
export function taxPpmFor(kind: LineKind, rates: TaxRatesPpm, override?: LineKindRule['taxClass'] | null): number {
  const taxClass = override ?? LINE_KIND_RULES[kind].taxClass;
  return taxClass === 'service' ? rates.servicePpm : taxClass === 'product' ? rates.productPpm : 0;
}
