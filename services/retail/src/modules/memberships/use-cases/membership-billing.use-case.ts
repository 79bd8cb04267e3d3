import { Injectable, Logger } from '@nestjs/common';
import { isUuid, membershipPlanChangeInputSchema, type ClientPrepaidView, type EventEnvelope } from '@salon/contracts';
import { ConflictError, NotFoundError, parseInput, OutboxWriter, ValidationFailedError } from '@salon/nest-kit';
import { DataSource, type EntityManager } from 'typeorm';
import { CardDeclinedError, PaymentGateway, type BillingInvoice } from '../../payments/domain/payment-gateway.js';
import { creditsAfterPlanChange, invoiceEvent, PlanChangeDeclinedError, planChangeRefusal } from '../domain/membership-billing.rules.js';
import { membershipTransition } from '../domain/memberships.rules.js';
import { PlanRepository, type PlanRow } from '../persistence/plan.repository.js';
import { PrepaidRepository, type ClientPrepaidRow } from '../persistence/prepaid.repository.js';
import { PrepaidUseCase } from './prepaid.use-case.js';

type Actor = EventEnvelope['actor'];
const SYSTEM: Actor = { type: 'system', id: 'stripe' };

/**
 * Memberships billed through Stripe subscriptions (domain/membership-billing.rules.ts). The sale
 * marks a membership sold to a client with a card on file; its subscription (the plan's price, made
 * once and kept on the plan) is made after the sale commits, anchored at the end of the period the
 * ticket paid. Stripe's invoices then drive the state machine through the webhook, each event once
 * and each invoice read again from Stripe first, so late or repeated deliveries change nothing.
 */
@Injectable()
export class MembershipBillingUseCase {
  private readonly log = new Logger('membership-billing');

  constructor(
    private readonly dataSource: DataSource,
    private readonly gateway: PaymentGateway,
    private readonly held: PrepaidRepository,
    private readonly plans: PlanRepository,
    private readonly prepaid: PrepaidUseCase,
    private readonly outbox: OutboxWriter,
  ) {}

  /**
   * Makes the subscriptions still to make (after a sale commits, and by the sweep for any a failure
   * left): one at a time under its row's lock, with Stripe idempotency keys from the membership, so
   * a retry or a second run never makes two. Answers how many were made.
   */
  async startPending(now = new Date(), limit = 20, soldOnTicketId?: string): Promise<number> {
    if (!this.gateway.enabled) return 0;
    let made = 0;
    for (let i = 0; i < limit; i++) {
      const outcome = await this.dataSource.transaction(async (m) => {
        const [row] = await this.held.unbilled(m, 1, soldOnTicketId);
        if (!row) return 'none';
        const plan = (await this.plans.findMany([row.planId], m)).get(row.planId)!;
        // Nothing to renew (ended first), or its first period ran out before billing could start: the desk renews it.
        if (row.status === 'cancelled' || !row.customerId || !row.periodEnd || row.periodEnd.getTime() <= now.getTime()) {
          this.log.warn(`membership ${row.id} is not billed at Stripe (${row.status}, period end ${row.periodEnd?.toISOString()})`);
          await this.held.stopBilling(m, row.id);
          return 'stopped';
        }
        const sub = await this.gateway.startSubscription({
          customerId: row.customerId,
          paymentMethodId: row.billingCardId!,
          priceId: await this.priceOf(plan, row.currency),
          anchor: row.periodEnd,
          metadata: { kind: 'membership', membershipId: row.id, clientId: row.clientId, planId: plan.id },
          idempotencyKey: `retail-subscription-${row.id}`,
        });
        // What the desk did before the subscription existed follows it now.
        if (row.status === 'paused')
          await this.gateway.updateSubscription(sub.id, { kind: 'pause_collection' }, `retail-membership-${row.id}-start-paused`);
        if (row.cancelAtPeriodEnd)
          await this.gateway.updateSubscription(sub.id, { kind: 'cancel_at_period_end' }, `retail-membership-${row.id}-start-ending`);
        await this.held.saveSubscription(m, row.id, sub.id, sub.itemId);
        return 'made';
      });
      if (outcome === 'none') break;
      if (outcome === 'made') made++;
    }
    return made;
  }

  /**
   * After a sale: only what that ticket sold (an older one stuck on Stripe being down is the
   * sweep's, never a delay of every sale); failures are logged and left for the sweep (the sale stands).
   */
  async startForTicketQuietly(ticketId: string): Promise<void> {
    await this.startPending(new Date(), 20, ticketId).catch((error: unknown) =>
      this.log.warn(`subscriptions of ticket ${ticketId} not started yet (the sweep retries): ${(error as Error).message}`),
    );
  }

  /** The plan's Stripe price, made on its first billed sale (the key is the plan's: one price per plan whatever the races). */
  private async priceOf(plan: PlanRow, currency: string): Promise<string> {
    if (plan.stripePriceId) return plan.stripePriceId;
    const priceId = await this.gateway.createPrice({
      name: plan.name,
      amountMinor: plan.priceMinor,
      currency,
      period: plan.period ?? 'month',
      metadata: { planId: plan.id },
      idempotencyKey: `retail-price-${plan.id}`,
    });
    return this.plans.savePrice(plan.id, priceId);
  }

  /** Reads an invoice as Stripe has it now (before the inbox's transaction: no call to Stripe holds it open). */
  retrieveInvoice(id: string): Promise<BillingInvoice> {
    return this.gateway.retrieveInvoice(id);
  }

  /**
   * invoice.paid / invoice.payment_failed: a paid renewal starts the billed period with the plan's
   * credits (retail.membership.renewed.v1); a failed one makes the membership past due, its
   * benefits suspended (retail.membership.past-due.v1). Anything else changes nothing.
   */
  async applyInvoiceIn(m: EntityManager, invoice: BillingInvoice, now = new Date()): Promise<void> {
    if (!invoice.subscriptionId) return;
    const row = await this.held.bySubscription(m, invoice.subscriptionId);
    if (!row) return;
    const plan = (await this.plans.findMany([row.planId], m)).get(row.planId)!;
    const event = invoiceEvent(row, invoice, plan.period ?? 'month');
    if (!event) return;
    const t = membershipTransition(row, event, now);
    if (!t.ok) {
      this.log.warn(`invoice ${invoice.id} left membership ${row.id} as it was: ${t.message}`);
      return;
    }
    await this.prepaid.applyIn(m, row, t, SYSTEM, now, event.type === 'renewal_succeeded' ? 'Renewal' : null);
    const base = {
      aggregateType: 'client-prepaid',
      aggregateId: row.id,
      locationId: row.locationId,
      actor: SYSTEM,
      occurredAt: now,
    } as const;
    if (event.type === 'renewal_succeeded')
      await this.outbox.append(m, {
        ...base,
        type: 'retail.membership.renewed.v1',
        payload: {
          membershipId: row.id,
          clientId: row.clientId,
          planId: row.planId,
          periodStart: t.next.periodStart.toISOString(),
          periodEnd: t.next.periodEnd!.toISOString(),
          creditsPerPeriod: row.creditsPerPeriod,
          amountMinor: invoice.amountPaidMinor,
          currency: invoice.currency,
          invoiceId: invoice.id,
        },
      });
    else
      await this.outbox.append(m, {
        ...base,
        type: 'retail.membership.past-due.v1',
        payload: {
          membershipId: row.id,
          clientId: row.clientId,
          invoiceId: invoice.id,
          amountDueMinor: invoice.amountDueMinor,
          currency: invoice.currency,
          attemptCount: invoice.attemptCount,
          nextAttemptAt: invoice.nextAttemptAt?.toISOString() ?? null,
        },
      });
  }

  /**
   * customer.subscription.deleted: the subscription ended at Stripe (its period ran out after a
   * cancel at period end, Stripe gave up retrying, or someone cancelled it there): the membership ends too.
   */
  async subscriptionEndedIn(m: EntityManager, subscriptionId: string, now = new Date()): Promise<void> {
    const row = await this.held.bySubscription(m, subscriptionId);
    if (!row || row.status === 'cancelled') return;
    const t = membershipTransition(
      row,
      row.cancelAtPeriodEnd ? { type: 'period_ended', period: 'month' } : { type: 'cancel', when: 'now' },
      now,
    );
    if (!t.ok) return;
    await this.prepaid.applyIn(m, row, t, SYSTEM, now);
    await this.outbox.append(m, {
      type: 'retail.membership.cancelled.v1',
      aggregateType: 'client-prepaid',
      aggregateId: row.id,
      locationId: row.locationId,
      actor: SYSTEM,
      payload: { membershipId: row.id, clientId: row.clientId, effectiveAt: now.toISOString() },
    });
  }

  /**
   * POST /api/memberships/{id}/plan {planId}: the membership takes the new plan's benefits (credits
   * moved by the difference, services, discount); a Stripe-billed one's subscription moves to the
   * plan's price with proration charged now (402 with the card's words when declined: nothing changes).
   */
  async changePlan(actor: Actor, id: string, input: unknown, now = new Date()): Promise<ClientPrepaidView> {
    const p = parseInput(membershipPlanChangeInputSchema, input);
    if (!isUuid(id)) throw new NotFoundError(`Membership ${id} not found`);
    return this.dataSource.transaction(async (m) => {
      const row = await this.held.find(id, m, true);
      if (!row) throw new NotFoundError(`Membership ${id} not found`);
      const plans = await this.plans.findMany([row.planId, p.planId], m);
      const to = plans.get(p.planId);
      if (!to) throw ValidationFailedError.field('planId', 'is not a plan');
      const from = plans.get(row.planId)!;
      const refusal = planChangeRefusal(row, to, from);
      if (refusal?.field === 'planId') throw ValidationFailedError.field('planId', refusal.message);
      if (refusal) throw new ConflictError(refusal.message, undefined, 'planId');
      const currency = await this.held.currencyOf(m, row.id);
      const prorationMinor = await this.moveSubscription(row, to, currency);
      const creditsLeft = creditsAfterPlanChange(row.creditsLeft, from, to);
      await this.held.changePlan(m, id, {
        planId: to.id,
        creditsPerPeriod: to.credits,
        serviceIds: to.serviceIds,
        discountBps: to.discountBps,
      });
      await this.prepaid.applyIn(
        m,
        row,
        { ok: true, next: { ...row, creditsLeft }, creditsReset: false },
        actor,
        now,
        `Plan change: ${from.name} → ${to.name}`,
      );
      await this.outbox.append(m, {
        type: 'retail.membership.plan-changed.v1',
        aggregateType: 'client-prepaid',
        aggregateId: id,
        locationId: row.locationId,
        actor,
        occurredAt: now,
        payload: {
          membershipId: id,
          clientId: row.clientId,
          fromPlanId: from.id,
          planId: to.id,
          planName: to.name,
          priceMinor: to.priceMinor,
          currency,
          period: to.period ?? 'month',
          priorityBookingDays: to.priorityDays,
          creditsLeft,
          prorationMinor,
        },
      });
      return this.prepaid.get(id, now, m);
    });
  }

  /** The subscription's item moves to the new plan's price; answers the proration charged (negative: a credit for the next renewal). */
  private async moveSubscription(row: ClientPrepaidRow, to: PlanRow, currency: string): Promise<number> {
    if (row.billing !== 'stripe' || !row.subscriptionId || !row.subscriptionItemId) return 0;
    try {
      const sub = await this.gateway.updateSubscription(
        row.subscriptionId,
        { kind: 'change_price', itemId: row.subscriptionItemId, priceId: await this.priceOf(to, currency) },
        `retail-membership-${row.id}-v${row.version}-plan-${to.id}`,
      );
      if (!sub.latestInvoiceId) return 0;
      const invoice = await this.gateway.retrieveInvoice(sub.latestInvoiceId);
      return invoice.billingReason === 'subscription_update' ? invoice.totalMinor : 0;
    } catch (error) {
      if (error instanceof CardDeclinedError)
        throw new PlanChangeDeclinedError(`The card on file was declined for the plan change: ${error.message}`);
      throw error;
    }
  }
}
