import type { EventPayload } from '@salon/contracts';

/** What one retail event does to a client's spend: the amount (minor units, negative for a refund) and, for a sale, when. */
export interface SpendChange {
  clientId: string;
  deltaMinor: number;
  /** A sale moves the last purchase to its close; a refund does not. */
  purchasedAt: string | null;
}

/**
 * A closed ticket adds its total (what the client paid: services, products, tax and tip, after
 * discounts); a refund takes its amount back off. A walk-in's ticket (no client) is nobody's spend.
 * Money is integer minor units in the one currency the business takes (USD), as retail sends it.
 */
export function saleSpend(sale: EventPayload<'retail.ticket.closed.v1'>): SpendChange | null {
  if (!sale.clientId) return null;
  return { clientId: sale.clientId, deltaMinor: sale.totalMinor, purchasedAt: sale.closedAt };
}

export function refundSpend(refund: EventPayload<'retail.payment.refunded.v1'>): SpendChange | null {
  if (!refund.clientId || refund.amountMinor === 0) return null;
  return { clientId: refund.clientId, deltaMinor: -refund.amountMinor, purchasedAt: null };
}
