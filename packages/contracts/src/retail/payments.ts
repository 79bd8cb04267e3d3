import { z } from 'zod';
import { amountMinorSchema, positiveAmountMinorSchema, ticketViewSchema } from './tickets.js';

/**
 * Tenders and refunds (`/api/tickets/{id}/payments`, `/api/payments`, `/api/sales-history`).
 * The next issue adds `gift_card` and `package_credit` as tender methods.
 */
export const TENDER_METHODS = ['cash', 'card', 'terminal', 'card_on_file'] as const;
export type TenderMethod = (typeof TENDER_METHODS)[number];

/** A payment is only `succeeded` once its money is captured (for cards: when Stripe says so). */
export const PAYMENT_STATUSES = ['pending', 'succeeded', 'failed', 'canceled'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** An Idempotency-Key header: the same key answers the same payment, never a second charge. */
export const idempotencyKeySchema = z.string().regex(/^[A-Za-z0-9_-]{8,100}$/, 'must be 8 to 100 letters, digits, - or _');

/** POST /api/tickets/{id}/payments. Cash may hand over more than it pays (`tenderedMinor`): the rest is change. */
export const payTicketInputSchema = z.strictObject({
  method: z.enum(TENDER_METHODS, 'must be one of cash, card, terminal, card_on_file'),
  amountMinor: positiveAmountMinorSchema,
  tenderedMinor: amountMinorSchema.optional(),
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
  createdBy: z.string().nullable(),
  createdAt: z.string(),
});
export type PaymentView = z.infer<typeof paymentViewSchema>;

/** 201 of a payment (and 200 of its retry with the same Idempotency-Key): the payment and the ticket after it. */
export const payTicketAnswerSchema = z.object({ payment: paymentViewSchema, ticket: ticketViewSchema });
export type PayTicketAnswer = z.infer<typeof payTicketAnswerSchema>;

/** POST /api/payments/{id}/refunds. */
export const refundInputSchema = z.strictObject({
  amountMinor: positiveAmountMinorSchema,
  reason: z.string().trim().min(1, 'is required').max(200, 'must be 200 characters or less'),
  /** Put the ticket's sold products back in stock (`refunded` movements) when it is a refund after the sale. */
  restock: z.boolean().optional(),
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
