/** How the profile's Purchases tab words a sale. Pure. */

export interface SaleLike {
  totalMinor: number;
  refundedMinor: number;
  items: readonly { name: string; quantity: number }[];
}

/** Paid, partly refunded or refunded: what came back of the sale's total. */
export function saleState(sale: Pick<SaleLike, 'totalMinor' | 'refundedMinor'>): 'paid' | 'partly-refunded' | 'refunded' {
  if (sale.refundedMinor <= 0) return 'paid';
  return sale.refundedMinor >= sale.totalMinor ? 'refunded' : 'partly-refunded';
}

/** "Haircut, Shampoo ×2": the lines in ticket order, a quantity when more than one. */
export function itemsLine(items: SaleLike['items']): string {
  if (!items.length) return 'No items';
  return items.map((i) => (i.quantity > 1 ? `${i.name} ×${i.quantity}` : i.name)).join(', ');
}

const METHOD_LABEL: Record<string, string> = {
  cash: 'Cash',
  card: 'Card',
  terminal: 'Card terminal',
  card_on_file: 'Card on file',
  gift_card: 'Gift card',
  prepaid_credit: 'Prepaid credit',
};

export const methodLabel = (m: string) => METHOD_LABEL[m] ?? m;
