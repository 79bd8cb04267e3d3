import type { PaymentStatus, TicketStatus } from '@salon/contracts';
import { formatMinor } from '../../tickets/domain/money.rules.js';

/** What may still be refunded on a tender: what it captured less its earlier refunds. */
export function refundableMinor(payment: { status: PaymentStatus; amountMinor: number; refundedMinor: number }): number {
  return payment.status === 'succeeded' ? payment.amountMinor - payment.refundedMinor : 0;
}

export type RefundOutcome =
  { ok: true; refundedAfterMinor: number; remainingMinor: number } | { ok: false; kind: 'state' | 'input'; field: string; message: string };

/**
 * A refund goes back on the tender it is taken from, whole or partly, never above what that
 * tender captured minus what was already refunded on it.
 */
export function checkRefund(
  payment: { status: PaymentStatus; amountMinor: number; refundedMinor: number },
  amountMinor: number,
): RefundOutcome {
  if (payment.status !== 'succeeded')
    return { ok: false, kind: 'state', field: 'paymentId', message: `A ${payment.status} payment has nothing to refund` };
  const refundable = refundableMinor(payment);
  if (refundable === 0) return { ok: false, kind: 'input', field: 'amountMinor', message: 'nothing is left to refund on this payment' };
  if (amountMinor > refundable) {
    return {
      ok: false,
      kind: 'input',
      field: 'amountMinor',
      message: `is more than the ${formatMinor(refundable)} still refundable on this payment`,
    };
  }
  return { ok: true, refundedAfterMinor: payment.refundedMinor + amountMinor, remainingMinor: refundable - amountMinor };
}

/**
 * What a refund does to its ticket. After the sale (closed) it is a refund: the ticket stays
 * closed and counts it as refunded. On a ticket still open it gives back part of what was
 * tendered: the ticket's paid amount drops and its balance is due again (so a tender taken by
 * mistake can be undone, and an open ticket refunded down to nothing can be voided).
 */
export function refundEffect(ticketStatus: TicketStatus): 'refunds-sale' | 'reduces-paid' {
  return ticketStatus === 'open' ? 'reduces-paid' : 'refunds-sale';
}
