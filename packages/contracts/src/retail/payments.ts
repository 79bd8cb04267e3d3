import { z } from 'zod';
import { amountMinorSchema, positiveAmountMinorSchema, ticketViewSchema } from './tickets.js';

/**
 * Tenders and refunds (`/api/tickets/{id}/payments`, `/api/payments`, `/api/sales-history`).
 * `gift_card` spends a gift card's balance (`giftCardCode`); `prepaid_credit` pays a service line
 * with a session of the client's package or a credit of their membership (`prepaidId`, `lineId`).
 */
export const TENDER_METHODS = ['cash', 'card', 'terminal', 'card_on_file', 'gift_card', 'prepaid_credit'] as const;
export type TenderMethod = (typeof TENDER_METHODS)[number];

/** A payment is only `succeeded` once its money is captured (for cards: when Stripe says so). */
export const PAYMENT_STATUSES = ['pending', 'succeeded', 'failed', 'canceled'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** An Idempotency-Key header: the same key answers the same payment, never a second charge. */
export const idempotencyKeySchema = z.string().regex(/^[A-Za-z0-9_-]{8,100}$/, 'must be 8 to 100 letters, digits, - or _');

/** A Stripe object id as we keep it (pm_…, tmr_…): letters, digits and underscores only. */
export const providerIdSchema = z.string().regex(/^[A-Za-z0-9_]{3,100}$/, 'must be an id such as pm_… or tmr_…');

/**
 * POST /api/tickets/{id}/payments. Cash may hand over more than it pays (`tenderedMinor`): the rest
 * is change. `terminal` names the registered reader (`readerId`); `card_on_file` the saved card
 * (`savedCardId`, from /api/saved-payment-methods). `card` opens the hosted card modal.
 */
export const payTicketInputSchema = z.strictObject({
  method: z.enum(TENDER_METHODS, 'must be one of cash, card, terminal, card_on_file, gift_card, prepaid_credit'),
  amountMinor: positiveAmountMinorSchema,
  tenderedMinor: amountMinorSchema.optional(),
  readerId: providerIdSchema.optional(),
  savedCardId: providerIdSchema.optional(),
  /** gift_card: the card's code (dashes and case do not matter). */
  giftCardCode: z.string().trim().min(6, 'is too short').max(40, 'is too long').optional(),
  /** prepaid_credit: the client's membership or package. */
  prepaidId: z.uuid('must be a membership or package id').optional(),
  /** prepaid_credit: the service line the session pays (the tender is that line's total). */
  lineId: z.uuid('must be a line of this ticket').optional(),
});
export type PayTicketInput = z.input<typeof payTicketInputSchema>;

export const refundViewSchema = z.object({
  id: z.string(),
  paymentId: z.string(),
  ticketId: z.string(),
  amountMinor: z.number().int(),
  reason: z.string(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
});
export type RefundView = z.infer<typeof refundViewSchema>;

export const paymentViewSchema = z.object({
  id: z.string(),
  ticketId: z.string(),
  ticketNumber: z.number().int(),
  locationId: z.string(),
  clientId: z.string().nullable(),
  method: z.enum(TENDER_METHODS),
  status: z.enum(PAYMENT_STATUSES),
  amountMinor: z.number().int(),
  /** Cash handed over (cash only), else null. */
  tenderedMinor: z.number().int().nullable(),
  changeMinor: z.number().int(),
  refundedMinor: z.number().int(),
  /** What may still be refunded on this tender: amount − earlier refunds. */
  refundableMinor: z.number().int(),
  currency: z.string(),
  refunds: z.array(refundViewSchema),
  /** Why the card was not charged (the processor's words), while the tender is pending or failed. */
  failureReason: z.string().nullable(),
  /** A card on file that needs the client's authentication: the link they confirm on. */
  actionUrl: z.string().nullable(),
  /** The card reader a terminal tender runs on. */
  readerId: z.string().nullable(),
  /** Added by the client on the card terminal (already part of amountMinor). */
  tipMinor: z.number().int(),
  /** The card that paid (Stripe's word once it succeeded): its brand and last four digits, never more. */
  cardBrand: z.string().nullable().optional(),
  cardLast4: z.string().nullable().optional(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
});
export type PaymentView = z.infer<typeof paymentViewSchema>;

/**
 * How the web shows the card modal for a pending `card` tender: the local Stripe peer's hosted page
 * in an iframe, or Stripe's Payment Element with real keys. Card numbers never pass through the app.
 */
export const cardModalSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('hosted_page'), url: z.string() }),
  z.object({ kind: z.literal('payment_element'), publishableKey: z.string(), clientSecret: z.string() }),
]);
export type CardModal = z.infer<typeof cardModalSchema>;

/** 201 of a payment (and 200 of its retry with the same Idempotency-Key): the payment and the ticket after it. */
export const payTicketAnswerSchema = z.object({
  payment: paymentViewSchema,
  ticket: ticketViewSchema,
  cardModal: cardModalSchema.nullable().optional(),
});
export type PayTicketAnswer = z.infer<typeof payTicketAnswerSchema>;

/** POST /api/payments/{id}/refunds. */
export const refundInputSchema = z.strictObject({
  amountMinor: positiveAmountMinorSchema,
  reason: z.string().trim().min(1, 'is required').max(200, 'must be 200 characters or less'),
  /** Put the ticket's sold products back in stock (`refunded` movements) when it is a refund after the sale. */
  restock: z.boolean().optional(),
  /**
   * Void the gift cards, memberships and packages the ticket sold (a refund after the sale). Refused
   * (409) when any of them was already used, and (400) unless the ticket's refunds, this one
   * included, come to at least what they sold for.
   */
  voidPrepaid: z.boolean().optional(),
});
export type RefundInput = z.input<typeof refundInputSchema>;

export const refundAnswerSchema = z.object({ refund: refundViewSchema, payment: paymentViewSchema, ticket: ticketViewSchema });
export type RefundAnswer = z.infer<typeof refundAnswerSchema>;

/** GET /api/payments?from=&to=&locationId=&clientId= (from/to: instants or local dates). */
export const paymentListQuerySchema = z.strictObject({
  from: z.string().optional(),
  to: z.string().optional(),
  locationId: z.uuid('must be a location id').optional(),
  clientId: z.uuid('must be a client id').optional(),
});

/** One closed sale in GET /api/sales-history (a client's history, or a period's). */
export const saleViewSchema = z.object({
  ticketId: z.string(),
  number: z.number().int(),
  locationId: z.string(),
  clientId: z.string().nullable(),
  closedAt: z.string(),
  items: z.array(z.object({ kind: z.string(), name: z.string(), quantity: z.number().int(), staffName: z.string().nullable() })),
  subtotalMinor: z.number().int(),
  discountMinor: z.number().int(),
  taxMinor: z.number().int(),
  tipMinor: z.number().int(),
  totalMinor: z.number().int(),
  refundedMinor: z.number().int(),
  methods: z.array(z.enum(TENDER_METHODS)),
  currency: z.string(),
});
export type SaleView = z.infer<typeof saleViewSchema>;

/** GET /api/sales-history?clientId= or ?from=&to= (one of them; locationId narrows). */
export const salesHistoryQuerySchema = z
  .strictObject({
    clientId: z.uuid('must be a client id').optional(),
    from: z.string().optional(),
    to: z.string().optional(),
    locationId: z.uuid('must be a location id').optional(),
  })
  .refine((q) => q.clientId !== undefined || (q.from !== undefined && q.to !== undefined), {
    message: 'give clientId, or from and to',
    path: ['clientId'],
  });

/** GET /api/saved-payment-methods?clientId=: a client's saved cards, never more than brand, last four and expiry. */
export const savedPaymentMethodViewSchema = z.object({
  id: z.string(),
  brand: z.string(),
  last4: z.string(),
  expMonth: z.number().int(),
  expYear: z.number().int(),
});
export type SavedPaymentMethodView = z.infer<typeof savedPaymentMethodViewSchema>;

export const savedPaymentMethodsQuerySchema = z.strictObject({ clientId: z.uuid('must be a client id') });

/** POST /api/saved-payment-methods/setup {clientId}: the modal that saves a card (a SetupIntent). */
export const saveCardInputSchema = z.strictObject({ clientId: z.uuid('must be a client id') });
export const saveCardAnswerSchema = z.object({ setupIntentId: z.string(), cardModal: cardModalSchema });
export type SaveCardAnswer = z.infer<typeof saveCardAnswerSchema>;

/** A card terminal registered at a location (POS settings). */
export const cardReaderViewSchema = z.object({ id: z.string(), locationId: z.string(), label: z.string(), deviceType: z.string() });
export type CardReaderView = z.infer<typeof cardReaderViewSchema>;

/** POST /api/card-readers: Stripe's registration code shown on the reader (simulated-wpe locally). */
export const registerReaderInputSchema = z.strictObject({
  locationId: z.uuid('must be a location id'),
  registrationCode: z.string().regex(/^[a-z0-9-]{3,60}$/, 'must be the code the reader shows, e.g. simulated-wpe'),
  label: z.string().trim().min(1, 'is required').max(100, 'must be 100 characters or less'),
});
