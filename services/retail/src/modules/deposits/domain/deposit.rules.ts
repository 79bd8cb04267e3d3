import type { BookingDepositStatus } from '@salon/contracts';
import type { IntentState, SetupState } from '../../payments/domain/payment-gateway.js';

/**
 * What to do with a deposit after reading its PaymentIntent as Stripe has it now. The order is
 * fixed so that no appointment stands without its deposit and no money is kept for a booking that
 * failed: authorised (manual capture) → the booking is confirmed at scheduling → captured. A
 * refusal or a cancelled intent releases the held time; nothing was captured.
 */
export type SettleStep = { do: 'wait' } | { do: 'confirm-booking' } | { do: 'fail'; reason: string } | { do: 'nothing' };

const OPEN: readonly BookingDepositStatus[] = ['awaiting_payment', 'authorized'];

export function settleStep(status: BookingDepositStatus, intent: { state: IntentState; failureReason: string | null }): SettleStep {
  if (!OPEN.includes(status)) return { do: 'nothing' };
  switch (intent.state) {
    case 'awaiting_capture':
    case 'succeeded':
      return { do: 'confirm-booking' };
    case 'failed':
      return { do: 'fail', reason: intent.failureReason ?? 'The card was declined' };
    case 'canceled':
      return { do: 'fail', reason: 'The payment was cancelled' };
    default:
      // Waiting for the card or for 3-D Secure: only the hold's due time ends it (the sweep).
      return status === 'authorized' ? { do: 'confirm-booking' } : { do: 'wait' };
  }
}

/**
 * What to do with a card hold (an online booking at a location requiring a card, no deposit) after
 * reading its SetupIntent as Stripe has it now: a saved card confirms the booking; a refused card or
 * a cancelled setup releases the held time. Nothing is ever charged.
 */
export function cardSettleStep(status: BookingDepositStatus, setup: { state: SetupState; failureReason: string | null }): SettleStep {
  if (!OPEN.includes(status)) return { do: 'nothing' };
  switch (setup.state) {
    case 'succeeded':
      return { do: 'confirm-booking' };
    case 'failed':
      return { do: 'fail', reason: setup.failureReason ?? 'The card was declined' };
    case 'canceled':
      return { do: 'fail', reason: 'The card was not saved' };
    default:
      return { do: 'wait' };
  }
}

/**
 * A visit with a paid deposit that does not happen: the location's cancellation policy decides. A
 * cancellation before the late-cancel window gets the deposit back; a late cancellation or a
 * no-show forfeits it.
 */
export function depositOutcome(how: VisitEnd): 'refund' | 'forfeit' {
  if (how.kind === 'no-show') return 'forfeit';
  return how.lateCancel ? 'forfeit' : 'refund';
}

export type VisitEnd = { kind: 'cancelled'; lateCancel: boolean } | { kind: 'no-show' };

/**
 * A kept deposit is revenue of the day it was kept: a closed ticket with one untaxed fee line for
 * the deposit's amount, paid by the deposit's card tender. Its line's name and the reason recorded
 * on the deposit (shown to the client on the receipt).
 */
export function forfeitedSale(how: VisitEnd, amountMinor: number): { lineName: string; reason: string; amountMinor: number } {
  return how.kind === 'no-show'
    ? { lineName: 'Deposit kept: no-show', reason: 'No-show: the deposit is kept', amountMinor }
    : { lineName: 'Deposit kept: late cancellation', reason: 'Cancelled inside the late-cancel window: the deposit is kept', amountMinor };
}

/** How much of a held deposit a ticket takes as a tender: all of it, never more than the ticket's balance. */
export function applicableMinor(depositMinor: number, balanceMinor: number): number {
  return Math.max(0, Math.min(depositMinor, balanceMinor));
}

/** Every Stripe call of a deposit carries a key derived from the deposit and the step: retried, it is done once. */
export function depositKey(depositId: string, step: 'intent' | 'capture' | 'cancel' | 'refund' | 'forfeit' | 'setup'): string {
  return `deposit-${depositId}-${step}`;
}
