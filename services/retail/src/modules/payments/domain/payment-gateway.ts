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
}

/** What a webhook said, after its signature was checked. */
export interface GatewayEvent {
  id: string;
  type: string;
  createdAt: Date;
  intent?: CardIntent;
  refunds?: { intentId: string; refunds: CardRefund[] };
  setup?: { id: string; customerId: string | null; paymentMethodId: string | null; metadata: Record<string, string> };
}

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
  }): Promise<{ id: string; clientSecret: string }>;
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
  abstract cancelReaderAction(readerId: string): Promise<CardReader>;
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
