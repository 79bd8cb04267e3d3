import type { MembershipBilling, MembershipStatus } from '@salon/contracts';
import { AppError } from '@salon/nest-kit';
import type { BillingInvoice } from '../../payments/domain/payment-gateway.js';
import type { MembershipEvent } from './memberships.rules.js';

export type { BillingInvoice };

/**
 * Memberships billed through a Stripe subscription. The desk sells the first period on the ticket;
 * the subscription (anchored at that period's end, so the first period is not charged twice) renews
 * it on the client's card on file. Stripe's invoices drive the state machine: a paid renewal starts
 * the next period, a failed one makes the membership past due (benefits suspended).
 */

/** A membership renews through Stripe when the client has a card on file and card payments are on; else the desk sells each period. */
export function billingOf(sale: { kind: 'membership' | 'package'; cardOnFile: boolean; cardsEnabled: boolean }): MembershipBilling {
  return sale.kind === 'membership' && sale.cardOnFile && sale.cardsEnabled ? 'stripe' : 'none';
}

/**
 * What a renewal invoice means for the membership now, or null when nothing changes: a paid
 * invoice for a period the membership has not started yet renews it (a first payment or a retry of
 * a failed one); an open invoice that was attempted makes an active membership past due. Only
 * renewals count (the first invoice and prorations do not move the period), and a paused or
 * cancelled membership is left alone (a paused one's invoices are voided at Stripe).
 */
export function invoiceEvent(
  m: { status: MembershipStatus; periodStart: Date },
  invoice: BillingInvoice,
  period: 'month' | 'year',
): MembershipEvent | null {
  if (invoice.billingReason !== 'subscription_cycle' || !invoice.billed) return null;
  if (m.status !== 'active' && m.status !== 'past_due') return null;
  const renewed = m.periodStart.getTime() >= invoice.billed.start.getTime();
  if (invoice.status === 'paid') return renewed ? null : { type: 'renewal_succeeded', period, billed: invoice.billed };
  if (invoice.status === 'open' && invoice.attemptCount > 0 && !renewed && m.status === 'active') return { type: 'renewal_failed' };
  return null;
}

/** What the subscription must do when the desk pauses, resumes or cancels its membership. */
export type SubscriptionChange =
  | { kind: 'pause_collection' }
  | { kind: 'resume_collection' }
  | { kind: 'cancel_at_period_end' }
  | { kind: 'cancel_now' }
  | { kind: 'none' };

/**
 * A paused membership is not charged (its invoices are voided, not kept as a debt); cancelling at
 * the period's end lets the paid period run out; cancelling now stops billing at once (the period
 * already paid is not refunded by this: a refund is the desk's separate decision).
 */
export function subscriptionChangeOf(event: MembershipEvent): SubscriptionChange {
  switch (event.type) {
    case 'pause':
      return { kind: 'pause_collection' };
    case 'resume':
      return { kind: 'resume_collection' };
    case 'cancel':
      return event.when === 'now' ? { kind: 'cancel_now' } : { kind: 'cancel_at_period_end' };
    default:
      return { kind: 'none' };
  }
}

export interface PlanTerms {
  id: string;
  kind: 'membership' | 'package';
  name: string;
  period: 'month' | 'year' | null;
  credits: number;
  active: boolean;
}

/**
 * Why a membership cannot move to a plan, or null: a live membership (active or paused; a past-due
 * one pays its renewal first), another active membership plan of the same period (Stripe prorates
 * within one billing period; a change of period is a new membership).
 */
export function planChangeRefusal(
  m: { kind: 'membership' | 'package'; status: MembershipStatus; planId: string },
  to: PlanTerms,
  from: PlanTerms,
): { field: 'planId' | 'status'; message: string } | null {
  if (m.kind !== 'membership') return { field: 'status', message: 'A package does not change plan; sell another one' };
  if (m.status === 'past_due') return { field: 'status', message: 'This membership is past due: its renewal is paid before a plan change' };
  if (m.status !== 'active' && m.status !== 'paused')
    return { field: 'status', message: `A ${m.status.replace('_', ' ')} membership does not change plan` };
  if (to.id === m.planId) return { field: 'planId', message: `is already this membership's plan` };
  if (to.kind !== 'membership') return { field: 'planId', message: 'must be a membership plan' };
  if (!to.active) return { field: 'planId', message: `${to.name} is no longer sold` };
  if (to.period !== from.period)
    return { field: 'planId', message: `must be billed every ${from.period} like ${from.name}: a change of period is a new membership` };
  return null;
}

/**
 * Credits left after a plan change: the period's credits move by the difference between the plans
 * (what was used stays used), never below zero. 2 a month with 1 left → 4 a month: 3 left.
 */
export function creditsAfterPlanChange(creditsLeft: number, from: { credits: number }, to: { credits: number }): number {
  return Math.max(0, creditsLeft + to.credits - from.credits);
}

/** Stripe declined the proration a plan change charges: 402 with the card's words; the membership stays on its plan. */
export class PlanChangeDeclinedError extends AppError {
  readonly status = 402;
  readonly code = 'CARD_REFUSED';
}
