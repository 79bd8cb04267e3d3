import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import type { EventEnvelope } from '@salon/contracts';
import { AppError, InboxConsumer } from '@salon/nest-kit';
import { DataSource } from 'typeorm';
import { PaymentGateway, WebhookSignatureError, type GatewayEvent } from '../domain/payment-gateway.js';
import { BookingDepositsUseCase } from '../../deposits/use-cases/booking-deposits.use-case.js';
import { MembershipBillingUseCase } from '../../memberships/use-cases/membership-billing.use-case.js';
import { OnlineGiftCardsUseCase } from '../../online-gift-cards/use-cases/online-gift-cards.use-case.js';
import { BOOKING_CARD, CardAccountsUseCase } from './card-accounts.use-case.js';
import { PaymentsUseCase } from './payments.use-case.js';

const INTENT_EVENTS = new Set([
  'payment_intent.succeeded',
  'payment_intent.payment_failed',
  'payment_intent.canceled',
  'payment_intent.amount_capturable_updated',
  'payment_intent.requires_action',
]);

/** An online booking's card hold (modules/deposits): saved, refused, or given up. */
const SETUP_EVENTS = new Set(['setup_intent.succeeded', 'setup_intent.setup_failed', 'setup_intent.canceled']);

/** A membership's subscription invoices (modules/memberships): a renewal paid, or its charge failed. */
const INVOICE_EVENTS = new Set(['invoice.paid', 'invoice.payment_failed']);

/** 403 like the other providers' webhooks: nothing but Stripe's signature lets a body in. */
export class BadWebhookSignatureError extends AppError {
  readonly status = 403;
  readonly code = 'FORBIDDEN';
}

/** The inbox keys events by uuid: Stripe's evt_… id is hashed into one (stable, so a redelivery finds its row). */
export function inboxIdOf(eventId: string): string {
  const h = createHash('sha256').update(`stripe:${eventId}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${((parseInt(h[16]!, 16) & 0x3) | 0x8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/**
 * POST /api/webhooks/stripe: the signature is checked with STRIPE_WEBHOOK_SECRET, each event is
 * handled once (the inbox, keyed by Stripe's event id), and out-of-order delivery is harmless: an
 * intent's or invoice's event makes us read it as Stripe has it now, and a tender's final state stays final.
 */
@Injectable()
export class StripeWebhookUseCase {
  private readonly inbox: InboxConsumer;

  constructor(
    dataSource: DataSource,
    private readonly gateway: PaymentGateway,
    private readonly payments: PaymentsUseCase,
    private readonly cards: CardAccountsUseCase,
    private readonly billing: MembershipBillingUseCase,
    private readonly moduleRef: ModuleRef,
  ) {
    this.inbox = new InboxConsumer(dataSource);
  }

  /** Answers whether the event was new (false: already handled, or of a type we ignore). */
  async receive(rawBody: Buffer | undefined, signature: string | undefined): Promise<{ received: true; handled: boolean }> {
    let event: GatewayEvent;
    try {
      event = this.gateway.parseWebhook(rawBody ?? Buffer.alloc(0), signature);
    } catch (error) {
      if (error instanceof WebhookSignatureError) throw new BadWebhookSignatureError(`Stripe-Signature does not verify: ${error.message}`);
      throw error;
    }
    const wanted =
      INTENT_EVENTS.has(event.type) ||
      INVOICE_EVENTS.has(event.type) ||
      SETUP_EVENTS.has(event.type) ||
      ['charge.refunded', 'customer.subscription.deleted'].includes(event.type);
    if (!wanted) return { received: true, handled: false };
    // A membership's invoice, as Stripe has it now: a late payment_failed after the retry was paid changes nothing.
    const invoice =
      event.invoice?.subscriptionId && INVOICE_EVENTS.has(event.type) ? await this.billing.retrieveInvoice(event.invoice.id) : null;
    // Read Stripe's current view before the inbox transaction, so no call to Stripe holds it open longer than needed.
    const intent = event.intent && INTENT_EVENTS.has(event.type) ? await this.gateway.retrieveIntent(event.intent.id) : null;
    // An online booking's deposit (modules/deposits) is settled on every delivery: each of its steps is idempotent.
    if (intent?.metadata.kind === 'deposit') await this.moduleRef.get(BookingDepositsUseCase, { strict: false }).settleIntent(intent);
    // An online booking's card hold, settled from the SetupIntent as Stripe has it now (idempotent like a deposit).
    if (event.setup?.metadata.kind === BOOKING_CARD && SETUP_EVENTS.has(event.type))
      await this.moduleRef.get(BookingDepositsUseCase, { strict: false }).settleSetup(await this.gateway.retrieveSetup(event.setup.id));
    // A gift card bought online (modules/online-gift-cards): issued once, under the order's row lock.
    if (intent?.metadata.kind === 'gift_card_order')
      await this.moduleRef.get(OnlineGiftCardsUseCase, { strict: false }).settleIntent(intent);
    const envelope = { id: inboxIdOf(event.id), type: `stripe.${event.type}` } as EventEnvelope;
    const handled = await this.inbox.run('stripe-webhooks', envelope, async (m) => {
      if (intent) await this.payments.applyIntentIn(m, intent);
      else if (event.type === 'charge.refunded' && event.refunds)
        await this.payments.reconcileRefundsIn(m, event.refunds.intentId, event.refunds.refunds);
      else if (event.type === 'setup_intent.succeeded' && event.setup) await this.cards.saveCardIn(m, event.setup);
      else if (invoice) await this.billing.applyInvoiceIn(m, invoice);
      else if (event.type === 'customer.subscription.deleted' && event.subscription)
        await this.billing.subscriptionEndedIn(m, event.subscription.id);
    });
    // A card payment that closed a ticket may have sold a membership to bill.
    if (intent?.state === 'succeeded' && intent.metadata.ticketId) await this.billing.startForTicketQuietly(intent.metadata.ticketId);
    return { received: true, handled };
  }
}
