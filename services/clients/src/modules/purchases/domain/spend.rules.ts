import type { EventPayload } from '@salon/contracts';

/** What one retail event does to a client's spend: the amount (minor units, negative for a refund) and, for a sale, when. */
export interface SpendChange {
  clientId: string;
  deltaMinor: number;
  /** A sale moves the last purchase to its close; a refund does not. */
  purchasedAt: string | null;
}

/**
 * Tenders that spend value the client paid for earlier (a gift card's balance, a membership's or
 * package's credits): that money was counted when the card or plan was sold, so paying with it again
 * is not new spend.
 */
const STORED_VALUE_METHODS: ReadonlySet<string> = new Set(['gift_card', 'prepaid_credit']);

/**
 * A closed ticket adds its total (what the client paid: services, products, tax and tip, after
 * discounts); a refund takes its amount back off. A walk-in's ticket (no client) is nobody's spend.
 * Money is integer minor units in the one currency the business takes (USD), as retail sends it.
 */
export function saleSpend(sale: EventPayload<'retail.ticket.closed.v1'>): SpendChange | null {
  if (!sale.clientId) return null;
  return { clientId: sale.clientId, deltaMinor: sale.totalMinor, purchasedAt: sale.closedAt };
}

/** A tender of stored value takes its amount back off the ticket's total (see STORED_VALUE_METHODS). */
export function storedValueSpend(payment: EventPayload<'retail.payment.succeeded.v1'>): SpendChange | null {
  if (!payment.clientId || payment.amountMinor === 0 || !STORED_VALUE_METHODS.has(payment.method)) return null;
  return { clientId: payment.clientId, deltaMinor: -payment.amountMinor, purchasedAt: null };
}

/** A refund to stored value goes back onto the card or plan, never counted as spend, so it changes nothing. */
export function refundSpend(refund: EventPayload<'retail.payment.refunded.v1'>): SpendChange | null {
  if (!refund.clientId || refund.amountMinor === 0 || STORED_VALUE_METHODS.has(refund.method)) return null;
  return { clientId: refund.clientId, deltaMinor: -refund.amountMinor, purchasedAt: null };
}
