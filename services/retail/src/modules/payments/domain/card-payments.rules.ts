import type { PaymentStatus, TenderMethod } from '@salon/contracts';
import type { IntentState } from './payment-gateway.js';

/** The card methods: each is only final when the processor says so. */
export const CARD_METHODS: ReadonlySet<TenderMethod> = new Set(['card', 'terminal', 'card_on_file']);

/**
 * The processor's idempotency key of a tender: derived from the ticket and the desk's own
 * Idempotency-Key, so a retried request (even one whose first try rolled back after Stripe
 * answered) reaches the same PaymentIntent and never charges twice.
 */
export function tenderIntentKey(ticketId: string, requestKey: string): string {
  return `retail-ticket-${ticketId}-tender-${requestKey}`;
}

/** A refund's key: the tender and the desk's key, or the refund row itself when none was sent. */
export function refundKey(paymentId: string, requestKey: string): string {
  return `retail-payment-${paymentId}-refund-${requestKey}`;
}

export interface CardTransition {
  /** The tender's new status, or null when the news changes nothing (a late or repeated event). */
  status: PaymentStatus | null;
  /** Hold on the terminal: we capture it (the tip added on the reader included). */
  capture: boolean;
  /** A decline ends the tender: the intent is cancelled so it cannot be charged later behind our back. */
  cancelIntent: boolean;
}

/**
 * What the processor's view of an intent does to its tender, whatever order the news arrives in:
 * succeeded and canceled are final; a failed tender (its intent cancelled) is final too; a pending
 * tender follows the intent. Authentication asked for keeps it pending (the client has a link);
 * an intent held for capture stays pending until we capture it.
 */
export function cardTransition(current: PaymentStatus, state: IntentState): CardTransition {
  const none: CardTransition = { status: null, capture: false, cancelIntent: false };
  if (current !== 'pending') return none;
  switch (state) {
    case 'succeeded':
      return { status: 'succeeded', capture: false, cancelIntent: false };
    case 'canceled':
      return { status: 'canceled', capture: false, cancelIntent: false };
    case 'failed':
      return { status: 'failed', capture: false, cancelIntent: true };
    case 'awaiting_capture':
      return { status: null, capture: true, cancelIntent: false };
    default:
      return none;
  }
}

/** The words staff see for a declined card: the processor's, never its raw code. */
export function declineReason(message: string | null, code: string | null): string {
  if (message && message.trim()) return message.trim().slice(0, 300);
  return code ? `The card was declined (${code.replace(/_/g, ' ')})` : 'The card was declined';
}
