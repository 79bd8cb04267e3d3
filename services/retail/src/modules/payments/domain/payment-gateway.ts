/**
 * The card processor as checkout needs it (Stripe behind it, `providers/stripe-gateway.provider.ts`).
 * Every call that moves money carries an idempotency key derived from the ticket and the tender, so
 * a retried request never charges or refunds twice.
 */

/** Where a card payment stands at the processor, in checkout's words. */
export type IntentState = 'awaiting_card' | 'awaiting_authentication' | 'awaiting_capture' | 'succeeded' | 'failed' | 'canceled';

export interface CardIntent {
  id: string;
  state: IntentState;
  amountMinor: number;
  /** Captured so far (equals amountMinor once succeeded, unless captured partly). */
  receivedMinor: number;
  /** Added on the terminal by the client (on-reader tipping), in minor units. */
  tipMinor: number;
  /** Why the last attempt failed, in words a client understands (Stripe's decline message). */
  failureReason: string | null;
  failureCode: string | null;
  /** The client confirms here (the hosted page, 3-D Secure). */
  clientSecret: string | null;
  authenticationUrl: string | null;
  metadata: Record<string, string>;
  /** The card it was paid with, and its customer (a card saved for later: `saveFor`). */
  paymentMethodId?: string | null;
  customerId?: string | null;
  /** The card charged (its latest charge's details), once there is a charge: brand and last four only. */
  card?: { brand: string; last4: string } | null;
}

/** Where a SetupIntent (a card saved on file, nothing charged) stands at the processor. */
export type SetupState = 'awaiting_card' | 'awaiting_authentication' | 'succeeded' | 'failed' | 'canceled';

export interface CardSetup {
  id: string;
  state: SetupState;
  customerId: string | null;
  paymentMethodId: string | null;
  /** Why the last attempt failed, in the processor's words for the client. */
  failureReason: string | null;
  clientSecret: string | null;
  metadata: Record<string, string>;
}

export interface SavedCard {
  id: string;
  customerId: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

export interface CardRefund {
  id: string;
  intentId: string;
  amountMinor: number;
  status: 'succeeded' | 'pending' | 'failed' | 'canceled' | 'requires_action';
}

export interface CardReader {
  id: string;
  label: string;
  deviceType: string;
  status: string;
  busy: boolean;
}

export interface CreateIntent {
  amountMinor: number;
  currency: string;
  idempotencyKey: string;
  metadata: Record<string, string>;
  description?: string;
  /** Card on file: charge this saved card now, off the session. */
  offSession?: { customerId: string; paymentMethodId: string };
  /** The card terminal: card_present, held for capture (a tip may be added on the reader). */
  cardPresent?: boolean;
  /** Authorise only (manual capture): an online booking's deposit is captured once its booking is confirmed. */
  captureLater?: boolean;
  /** Also keep the card on this customer for later charges off the session (setup_future_usage). */
  saveFor?: { customerId: string };
}

/** What a webhook said, after its signature was checked. */
export interface GatewayEvent {
  id: string;
  type: string;
  createdAt: Date;
  intent?: CardIntent;
  refunds?: { intentId: string; refunds: CardRefund[] };
  setup?: { id: string; customerId: string | null; paymentMethodId: string | null; metadata: Record<string, string> };
  /** invoice.*: the invoice (read again from Stripe before acting on it). */
  invoice?: { id: string; subscriptionId: string | null };
  /** customer.subscription.*: the subscription as the event saw it. */
  subscription?: { id: string; status: string; metadata: Record<string, string> };
}

/** A subscription invoice in the memberships' words (`modules/memberships`, billed through Stripe subscriptions). */
export interface BillingInvoice {
  id: string;
  subscriptionId: string | null;
  status: 'draft' | 'open' | 'paid' | 'void' | 'uncollectible';
  /** subscription_create (the first, free to the anchor), subscription_cycle (a renewal), subscription_update (a proration). */
  billingReason: string | null;
  /** The period it bills (its subscription line's period; a renewal invoice's own period is the one that ended). */
  billed: { start: Date; end: Date } | null;
  /** Lines added up (negative: a credit, as a downgrade's proration). */
  totalMinor: number;
  amountDueMinor: number;
  amountPaidMinor: number;
  currency: string;
  attemptCount: number;
  nextAttemptAt: Date | null;
}

export interface BillingSubscription {
  id: string;
  itemId: string;
  status: string;
  latestInvoiceId: string | null;
}

/** What a membership's subscription is asked to do (pause and resume its collection, end it, move it to another price). */
export type SubscriptionUpdate =
  | { kind: 'pause_collection' }
  | { kind: 'resume_collection' }
  | { kind: 'cancel_at_period_end' }
  | { kind: 'change_price'; itemId: string; priceId: string };

export abstract class PaymentGateway {
  /** False when no key is configured: the card methods are then refused with a clear 422. */
  abstract readonly enabled: boolean;
  /** How the web shows the card modal: the local peer's hosted page, or Stripe's Payment Element. */
  abstract modal(clientSecret: string, intentId: string, kind: 'payment' | 'setup'): CardModal;
  /** Where the client confirms a card that asks for authentication (the hosted page, or our page with Stripe's element). */
  abstract confirmLink(clientSecret: string, intentId: string): string;
  abstract createIntent(input: CreateIntent): Promise<CardIntent>;
  abstract retrieveIntent(id: string): Promise<CardIntent>;
  abstract captureIntent(id: string, idempotencyKey: string): Promise<CardIntent>;
  abstract cancelIntent(id: string, idempotencyKey: string): Promise<CardIntent>;
  abstract refund(input: { intentId: string; amountMinor: number; idempotencyKey: string; reason: string }): Promise<CardRefund>;
  abstract ensureCustomer(input: { clientId: string; idempotencyKey: string }): Promise<string>;
  abstract createSetup(input: {
    customerId: string;
    clientId: string;
    idempotencyKey: string;
    metadata?: Record<string, string>;
  }): Promise<{ id: string; clientSecret: string }>;
  abstract retrieveSetup(id: string): Promise<CardSetup>;
  /** Ends a SetupIntent that must not save a card any more (its hold was released). Already final: no error. */
  abstract cancelSetup(id: string): Promise<void>;
  abstract savedCard(paymentMethodId: string): Promise<SavedCard | null>;
  /** Removes a saved card from its customer (it can no longer be charged). */
  abstract detachCard(paymentMethodId: string): Promise<void>;
  abstract registerReader(input: {
    registrationCode: string;
    label: string;
    locationName: string;
    idempotencyKey: string;
  }): Promise<CardReader>;
  abstract processOnReader(readerId: string, intentId: string, idempotencyKey: string): Promise<CardReader>;
  abstract cancelReaderAction(readerId: string, idempotencyKey: string): Promise<CardReader>;
  /** A plan's recurring price (and its product), made once per plan (the idempotency key is the plan's). */
  abstract createPrice(input: {
    name: string;
    amountMinor: number;
    currency: string;
    period: 'month' | 'year';
    metadata: Record<string, string>;
    idempotencyKey: string;
  }): Promise<string>;
  /**
   * A membership's subscription on the client's card, its first period free up to `anchor` (the desk
   * sold that period on the ticket), renewing at the price from then on.
   */
  abstract startSubscription(input: {
    customerId: string;
    paymentMethodId: string;
    priceId: string;
    anchor: Date;
    metadata: Record<string, string>;
    idempotencyKey: string;
  }): Promise<BillingSubscription>;
  /** Throws CardDeclinedError when a price change's proration is declined (the subscription then stays as it was). */
  abstract updateSubscription(id: string, update: SubscriptionUpdate, idempotencyKey: string): Promise<BillingSubscription>;
  abstract cancelSubscription(id: string, idempotencyKey: string): Promise<void>;
  abstract retrieveInvoice(id: string): Promise<BillingInvoice>;
  /** Checks the signature and reads the event; throws WebhookSignatureError when it does not verify. */
  abstract parseWebhook(rawBody: Buffer, signature: string | undefined): GatewayEvent;
}

export type CardModal = { kind: 'hosted_page'; url: string } | { kind: 'payment_element'; publishableKey: string; clientSecret: string };

/** A processor's refusal a person can act on (a decline, a bad state): 402/409 with its words. */
export class CardDeclinedError extends Error {
  constructor(
    message: string,
    readonly code: string,
    readonly intent: CardIntent | null,
  ) {
    super(message);
  }
}

export class WebhookSignatureError extends Error {}
