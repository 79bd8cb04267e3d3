import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG } from '@salon/nest-kit';
import Stripe from 'stripe';
import type { RetailConfig } from '../../../config.js';
import {
  CardDeclinedError,
  PaymentGateway,
  WebhookSignatureError,
  type CardIntent,
  type CardModal,
  type CardReader,
  type BillingInvoice,
  type BillingSubscription,
  type CardRefund,
  type CardSetup,
  type CreateIntent,
  type GatewayEvent,
  type IntentState,
  type SavedCard,
  type SetupState,
  type SubscriptionUpdate,
} from '../domain/payment-gateway.js';

/** Stripe's PaymentIntent statuses in checkout's words. */
export function intentStateOf(pi: Stripe.PaymentIntent): IntentState {
  switch (pi.status) {
    case 'succeeded':
      return 'succeeded';
    case 'canceled':
      return 'canceled';
    case 'requires_capture':
      return 'awaiting_capture';
    case 'requires_action':
      return 'awaiting_authentication';
    case 'requires_payment_method':
      // A failed attempt leaves the intent waiting for another card, with the reason.
      return pi.last_payment_error
        ? pi.last_payment_error.code === 'authentication_required'
          ? 'awaiting_authentication'
          : 'failed'
        : 'awaiting_card';
    default:
      return 'awaiting_card';
  }
}

function toIntent(pi: Stripe.PaymentIntent): CardIntent {
  const tip = (pi.amount_details as { tip?: { amount?: number } } | undefined)?.tip?.amount ?? 0;
  return {
    id: pi.id,
    state: intentStateOf(pi),
    amountMinor: pi.amount,
    receivedMinor: pi.amount_received ?? 0,
    tipMinor: tip,
    failureReason: pi.last_payment_error?.message ?? null,
    failureCode: pi.last_payment_error?.decline_code ?? pi.last_payment_error?.code ?? null,
    clientSecret: pi.client_secret,
    authenticationUrl: pi.next_action?.redirect_to_url?.url ?? null,
    metadata: { ...(pi.metadata ?? {}) },
    paymentMethodId: idOf(pi.payment_method),
    customerId: idOf(pi.customer),
  };
}

/** Stripe's SetupIntent statuses in our words (a failed attempt waits for another card, with the reason). */
export function setupStateOf(si: Stripe.SetupIntent): SetupState {
  switch (si.status) {
    case 'succeeded':
      return 'succeeded';
    case 'canceled':
      return 'canceled';
    case 'requires_action':
      return 'awaiting_authentication';
    case 'requires_payment_method':
      return si.last_setup_error ? 'failed' : 'awaiting_card';
    default:
      return 'awaiting_card';
  }
}

function toSetup(si: Stripe.SetupIntent): CardSetup {
  return {
    id: si.id,
    state: setupStateOf(si),
    customerId: idOf(si.customer),
    paymentMethodId: idOf(si.payment_method),
    failureReason: si.last_setup_error?.message ?? null,
    clientSecret: si.client_secret,
    metadata: { ...(si.metadata ?? {}) },
  };
}

/** A charge's card: brand and last four digits of a typed card (the hosted modal) or a tapped one (the terminal); nothing more. */
export function cardOfCharge(charge: Stripe.Charge): { brand: string; last4: string } | null {
  const details = charge.payment_method_details;
  const card = details?.card ?? details?.card_present ?? null;
  return card?.brand && card.last4 ? { brand: card.brand, last4: card.last4 } : null;
}

function toRefund(r: Stripe.Refund): CardRefund {
  return {
    id: r.id,
    intentId: typeof r.payment_intent === 'string' ? r.payment_intent : (r.payment_intent?.id ?? ''),
    amountMinor: r.amount,
    status: (r.status ?? 'pending') as CardRefund['status'],
  };
}

function idOf(x: string | { id: string } | null | undefined): string | null {
  return typeof x === 'string' ? x : (x?.id ?? null);
}

function toSubscription(sub: Stripe.Subscription): BillingSubscription {
  return { id: sub.id, itemId: sub.items.data[0]!.id, status: sub.status, latestInvoiceId: idOf(sub.latest_invoice) };
}

export function toBillingInvoice(invoice: Stripe.Invoice): BillingInvoice {
  // The subscription's own line (not a proration) carries the period it bills.
  const line = invoice.lines.data.find(
    (l) => l.parent?.type === 'subscription_item_details' && !l.parent.subscription_item_details?.proration,
  );
  return {
    id: invoice.id!,
    subscriptionId: idOf(invoice.parent?.subscription_details?.subscription),
    status: (invoice.status ?? 'draft') as BillingInvoice['status'],
    billingReason: invoice.billing_reason ?? null,
    billed: line ? { start: new Date(line.period.start * 1000), end: new Date(line.period.end * 1000) } : null,
    totalMinor: invoice.total,
    amountDueMinor: invoice.amount_due,
    amountPaidMinor: invoice.amount_paid,
    currency: invoice.currency.toUpperCase(),
    attemptCount: invoice.attempt_count,
    nextAttemptAt: invoice.next_payment_attempt ? new Date(invoice.next_payment_attempt * 1000) : null,
  };
}

function toReader(answer: Stripe.Terminal.Reader | Stripe.Terminal.DeletedReader): CardReader {
  const r = answer as Stripe.Terminal.Reader;
  return { id: r.id, label: r.label, deviceType: r.device_type, status: r.status ?? 'offline', busy: r.action?.status === 'in_progress' };
}

/** Card errors carry words meant for the person paying; the rest stay Stripe's. */
function declined(error: unknown): never {
  if (error instanceof Stripe.errors.StripeCardError) {
    const raw = error.raw as { payment_intent?: Stripe.PaymentIntent };
    throw new CardDeclinedError(
      error.message,
      error.decline_code ?? error.code ?? 'card_declined',
      raw.payment_intent ? toIntent(raw.payment_intent) : null,
    );
  }
  if (
    error instanceof Stripe.errors.StripeInvalidRequestError &&
    error.code &&
    /unexpected_state|amount_too_large|charge_already_refunded|reader_busy|invalid_state/.test(error.code)
  ) {
    throw new CardDeclinedError(error.message, error.code, null);
  }
  throw error;
}

/**
 * The PaymentGateway on Stripe, through the official SDK. STRIPE_API_URL points it at the local
 * Stripe peer (host, port, protocol); unset, it talks to Stripe itself.
 */
@Injectable()
export class StripeGateway extends PaymentGateway {
  readonly enabled: boolean;
  private readonly stripe: Stripe | null;

  constructor(@Inject(APP_CONFIG) private readonly config: RetailConfig) {
    super();
    this.enabled = Boolean(config.STRIPE_SECRET_KEY);
    const api = config.STRIPE_API_URL ? new URL(config.STRIPE_API_URL) : null;
    this.stripe = config.STRIPE_SECRET_KEY
      ? new Stripe(config.STRIPE_SECRET_KEY, {
          maxNetworkRetries: 2,
          timeout: 20_000,
          appInfo: { name: 'salon-retail' },
          ...(api
            ? {
                host: api.hostname,
                port: Number(api.port || (api.protocol === 'https:' ? 443 : 80)),
                protocol: api.protocol === 'https:' ? ('https' as const) : ('http' as const),
              }
            : {}),
        })
      : null;
  }

  private get sdk(): Stripe {
    if (!this.stripe) throw new Error('STRIPE_SECRET_KEY is not set');
    return this.stripe;
  }

  modal(clientSecret: string, intentId: string, kind: 'payment' | 'setup'): CardModal {
    if (this.config.STRIPE_API_URL || !this.config.STRIPE_PUBLISHABLE_KEY) {
      // The browser's address of the peer (compose: localhost), which may differ from the service's (stripe:8007).
      const base = (this.config.STRIPE_HOSTED_URL ?? this.config.STRIPE_API_URL ?? '').replace(/\/$/, '');
      return {
        kind: 'hosted_page',
        url: `${base}/hosted/${kind === 'payment' ? 'payment_intents' : 'setup_intents'}/${intentId}?client_secret=${encodeURIComponent(clientSecret)}`,
      };
    }
    return { kind: 'payment_element', publishableKey: this.config.STRIPE_PUBLISHABLE_KEY, clientSecret };
  }

  confirmLink(clientSecret: string, intentId: string): string {
    const modal = this.modal(clientSecret, intentId, 'payment');
    if (modal.kind === 'hosted_page') return modal.url;
    return `${this.config.PUBLIC_URL.replace(/\/$/, '')}/pay/confirm?payment_intent_client_secret=${encodeURIComponent(clientSecret)}`;
  }

  async createIntent(input: CreateIntent): Promise<CardIntent> {
    const params: Stripe.PaymentIntentCreateParams = {
      amount: input.amountMinor,
      currency: input.currency.toLowerCase(),
      metadata: input.metadata,
      ...(input.description ? { description: input.description } : {}),
    };
    if (input.cardPresent) Object.assign(params, { allowed_payment_method_types: ['card_present'], capture_method: 'manual' });
    else if (input.offSession) {
      Object.assign(params, {
        customer: input.offSession.customerId,
        payment_method: input.offSession.paymentMethodId,
        off_session: true,
        confirm: true,
        allowed_payment_method_types: ['card'],
      });
    } else params.allowed_payment_method_types = ['card'];
    if (input.captureLater) params.capture_method = 'manual';
    if (input.saveFor) Object.assign(params, { customer: input.saveFor.customerId, setup_future_usage: 'off_session' });
    try {
      return toIntent(await this.sdk.paymentIntents.create(params, { idempotencyKey: input.idempotencyKey }));
    } catch (error) {
      return declined(error);
    }
  }

  async retrieveIntent(id: string): Promise<CardIntent> {
    return this.withCard(await this.sdk.paymentIntents.retrieve(id, { expand: ['latest_charge'] }));
  }

  /**
   * The intent with the card its latest charge was made with, read when the payment is confirmed
   * (the webhook and the desk's poll read the intent again): Stripe expands the charge; a charge
   * left as an id is read on its own.
   */
  private async withCard(pi: Stripe.PaymentIntent): Promise<CardIntent> {
    const intent = toIntent(pi);
    if (!pi.latest_charge || !['succeeded', 'requires_capture'].includes(pi.status)) return intent;
    const charge = typeof pi.latest_charge === 'string' ? await this.sdk.charges.retrieve(pi.latest_charge) : pi.latest_charge;
    return { ...intent, card: cardOfCharge(charge) };
  }

  async captureIntent(id: string, idempotencyKey: string): Promise<CardIntent> {
    try {
      return await this.withCard(await this.sdk.paymentIntents.capture(id, { expand: ['latest_charge'] }, { idempotencyKey }));
    } catch (error) {
      return declined(error);
    }
  }

  async cancelIntent(id: string, idempotencyKey: string): Promise<CardIntent> {
    try {
      return toIntent(await this.sdk.paymentIntents.cancel(id, {}, { idempotencyKey }));
    } catch (error) {
      return declined(error);
    }
  }

  async refund(input: { intentId: string; amountMinor: number; idempotencyKey: string; reason: string }): Promise<CardRefund> {
    try {
      const refund = await this.sdk.refunds.create(
        { payment_intent: input.intentId, amount: input.amountMinor, metadata: { reason: input.reason.slice(0, 200) } },
        { idempotencyKey: input.idempotencyKey },
      );
      return toRefund(refund);
    } catch (error) {
      return declined(error);
    }
  }

  async ensureCustomer(input: { clientId: string; idempotencyKey: string }): Promise<string> {
    const customer = await this.sdk.customers.create({ metadata: { clientId: input.clientId } }, { idempotencyKey: input.idempotencyKey });
    return customer.id;
  }

  async createSetup(input: {
    customerId: string;
    clientId: string;
    idempotencyKey: string;
    metadata?: Record<string, string>;
  }): Promise<{ id: string; clientSecret: string }> {
    const setup = await this.sdk.setupIntents.create(
      {
        customer: input.customerId,
        usage: 'off_session',
        allowed_payment_method_types: ['card'],
        metadata: { ...input.metadata, clientId: input.clientId },
      },
      { idempotencyKey: input.idempotencyKey },
    );
    return { id: setup.id, clientSecret: setup.client_secret! };
  }

  async retrieveSetup(id: string): Promise<CardSetup> {
    return toSetup(await this.sdk.setupIntents.retrieve(id));
  }

  async cancelSetup(id: string): Promise<void> {
    try {
      // Every call to Stripe carries a key (a retried cancel is answered, never repeated).
      await this.sdk.setupIntents.cancel(id, {}, { idempotencyKey: `retail-cancel-setup-${id}` });
    } catch (error) {
      // Succeeded or cancelled already: final either way (a saved card is detached by the caller).
      if (error instanceof Stripe.errors.StripeInvalidRequestError && /unexpected_state/.test(`${error.code}`)) return;
      throw error;
    }
  }

  async savedCard(paymentMethodId: string): Promise<SavedCard | null> {
    const pm = await this.sdk.paymentMethods.retrieve(paymentMethodId);
    if (!pm.card || !pm.customer) return null;
    return {
      id: pm.id,
      customerId: typeof pm.customer === 'string' ? pm.customer : pm.customer.id,
      brand: pm.card.brand,
      last4: pm.card.last4,
      expMonth: pm.card.exp_month,
      expYear: pm.card.exp_year,
    };
  }

  async detachCard(paymentMethodId: string): Promise<void> {
    try {
      // A detached card can never be attached again, so one key per card is one detach.
      await this.sdk.paymentMethods.detach(paymentMethodId, {}, { idempotencyKey: `retail-detach-${paymentMethodId}` });
    } catch (error) {
      // Already detached (or gone) at Stripe: nothing left to remove there.
      if (
        error instanceof Stripe.errors.StripeInvalidRequestError &&
        /resource_missing|not attached/i.test(`${error.code} ${error.message}`)
      )
        return;
      throw error;
    }
  }

  async registerReader(input: {
    registrationCode: string;
    label: string;
    locationName: string;
    idempotencyKey: string;
  }): Promise<CardReader> {
    try {
      const location = await this.sdk.terminal.locations.create(
        {
          display_name: input.locationName,
          address: { line1: input.locationName, city: 'Chicago', state: 'IL', postal_code: '60601', country: 'US' },
        },
        { idempotencyKey: `${input.idempotencyKey}-location` },
      );
      const reader = await this.sdk.terminal.readers.create(
        { registration_code: input.registrationCode, label: input.label, location: location.id },
        { idempotencyKey: input.idempotencyKey },
      );
      return toReader(reader);
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError)
        throw new CardDeclinedError(error.message, error.code ?? 'invalid_request', null);
      throw error;
    }
  }

  async processOnReader(readerId: string, intentId: string, idempotencyKey: string): Promise<CardReader> {
    try {
      return toReader(await this.sdk.terminal.readers.processPaymentIntent(readerId, { payment_intent: intentId }, { idempotencyKey }));
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError)
        throw new CardDeclinedError(error.message, error.code ?? 'invalid_request', null);
      throw error;
    }
  }

  async cancelReaderAction(readerId: string, idempotencyKey: string): Promise<CardReader> {
    try {
      return toReader(await this.sdk.terminal.readers.cancelAction(readerId, {}, { idempotencyKey }));
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError)
        throw new CardDeclinedError(error.message, error.code ?? 'invalid_request', null);
      throw error;
    }
  }

  async createPrice(input: {
    name: string;
    amountMinor: number;
    currency: string;
    period: 'month' | 'year';
    metadata: Record<string, string>;
    idempotencyKey: string;
  }): Promise<string> {
    const price = await this.sdk.prices.create(
      {
        unit_amount: input.amountMinor,
        currency: input.currency.toLowerCase(),
        recurring: { interval: input.period },
        product_data: { name: input.name, metadata: input.metadata },
        metadata: input.metadata,
      },
      { idempotencyKey: input.idempotencyKey },
    );
    return price.id;
  }

  async startSubscription(input: {
    customerId: string;
    paymentMethodId: string;
    priceId: string;
    anchor: Date;
    metadata: Record<string, string>;
    idempotencyKey: string;
  }): Promise<BillingSubscription> {
    const sub = await this.sdk.subscriptions.create(
      {
        customer: input.customerId,
        items: [{ price: input.priceId }],
        default_payment_method: input.paymentMethodId,
        billing_cycle_anchor: Math.floor(input.anchor.getTime() / 1000),
        // The ticket paid the first period: nothing is charged before the anchor.
        proration_behavior: 'none',
        metadata: input.metadata,
      },
      { idempotencyKey: input.idempotencyKey },
    );
    return toSubscription(sub);
  }

  async updateSubscription(id: string, update: SubscriptionUpdate, idempotencyKey: string): Promise<BillingSubscription> {
    const params: Stripe.SubscriptionUpdateParams =
      update.kind === 'pause_collection'
        ? { pause_collection: { behavior: 'void' } }
        : update.kind === 'resume_collection'
          ? { pause_collection: '' }
          : update.kind === 'cancel_at_period_end'
            ? { cancel_at_period_end: true }
            : {
                items: [{ id: update.itemId, price: update.priceId }],
                // The difference is charged now; a decline leaves the subscription on its old price.
                proration_behavior: 'always_invoice',
                payment_behavior: 'error_if_incomplete',
              };
    try {
      return toSubscription(await this.sdk.subscriptions.update(id, params, { idempotencyKey }));
    } catch (error) {
      return declined(error);
    }
  }

  async cancelSubscription(id: string, idempotencyKey: string): Promise<void> {
    try {
      await this.sdk.subscriptions.cancel(id, {}, { idempotencyKey });
    } catch (error) {
      // Already cancelled at Stripe (the dashboard, or failed retries): nothing left to stop.
      if (
        error instanceof Stripe.errors.StripeInvalidRequestError &&
        /already been canceled|resource_missing/.test(`${error.message} ${error.code}`)
      )
        return;
      throw error;
    }
  }

  async retrieveInvoice(id: string): Promise<BillingInvoice> {
    return toBillingInvoice(await this.sdk.invoices.retrieve(id));
  }

  parseWebhook(rawBody: Buffer, signature: string | undefined): GatewayEvent {
    if (!this.config.STRIPE_WEBHOOK_SECRET)
      throw new WebhookSignatureError('STRIPE_WEBHOOK_SECRET is not set: Stripe webhooks are refused');
    let event: Stripe.Event;
    try {
      event = this.sdk.webhooks.constructEvent(rawBody, signature ?? '', this.config.STRIPE_WEBHOOK_SECRET);
    } catch (error) {
      throw new WebhookSignatureError((error as Error).message);
    }
    const out: GatewayEvent = { id: event.id, type: event.type, createdAt: new Date(event.created * 1000) };
    const object = event.data.object as unknown as { object: string };
    if (object.object === 'payment_intent') out.intent = toIntent(object as unknown as Stripe.PaymentIntent);
    if (object.object === 'charge') {
      const charge = object as unknown as Stripe.Charge;
      const intentId = typeof charge.payment_intent === 'string' ? charge.payment_intent : (charge.payment_intent?.id ?? '');
      out.refunds = { intentId, refunds: (charge.refunds?.data ?? []).map(toRefund) };
    }
    if (object.object === 'invoice') {
      const invoice = object as unknown as Stripe.Invoice;
      out.invoice = { id: invoice.id!, subscriptionId: idOf(invoice.parent?.subscription_details?.subscription) };
    }
    if (object.object === 'subscription') {
      const sub = object as unknown as Stripe.Subscription;
      out.subscription = { id: sub.id, status: sub.status, metadata: { ...(sub.metadata ?? {}) } };
    }
    if (object.object === 'setup_intent') {
      const si = object as unknown as Stripe.SetupIntent;
      out.setup = {
        id: si.id,
        customerId: typeof si.customer === 'string' ? si.customer : (si.customer?.id ?? null),
        paymentMethodId: typeof si.payment_method === 'string' ? si.payment_method : (si.payment_method?.id ?? null),
        metadata: { ...(si.metadata ?? {}) },
      };
    }
    return out;
  }
}
