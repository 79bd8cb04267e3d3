import { z } from 'zod';
import { LINE_KINDS } from './tickets.js';
import { TENDER_METHODS } from './payments.js';

/**
 * A closed ticket's receipt (`GET /api/tickets/{id}/receipt`, GraphQL `ticketReceipt`): what the
 * client is given on paper, by e-mail or by text. Built by retail from the ticket (its totals, never
 * recomputed elsewhere), its tenders and refunds. A card shows its brand and last four digits at
 * most; a fee line carries the reason recorded for it (a kept deposit's "No-show: …").
 */
export const receiptLineSchema = z.object({
  kind: z.enum(LINE_KINDS),
  name: z.string(),
  quantity: z.number().int(),
  unitPriceMinor: z.number().int(),
  /** Who performed a service line. */
  performer: z.string().nullable(),
  grossMinor: z.number().int(),
  discountMinor: z.number().int(),
  /** The line's own discount reason (a ticket discount's reason is the receipt's `discountReason`). */
  discountReason: z.string().nullable(),
  taxMinor: z.number().int(),
  totalMinor: z.number().int(),
  /** A fee line's reason, shown to the client (a kept deposit, a no-show or late-cancel fee). */
  feeReason: z.string().nullable(),
});
export type ReceiptLine = z.infer<typeof receiptLineSchema>;

/** A card brand as Stripe spells it → as a receipt and the desk write it ("Visa •••• 4242"). */
export const CARD_BRAND_WORDS: Readonly<Record<string, string>> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
};

export const receiptTenderSchema = z.object({
  method: z.enum(TENDER_METHODS),
  /** Words for the desk and the client: "Cash", "Visa •••• 4242", "Card". */
  label: z.string(),
  cardBrand: z.string().nullable(),
  /** Exactly four digits or null: never more of the card. */
  cardLast4: z
    .string()
    .regex(/^[0-9]{4}$/)
    .nullable(),
  amountMinor: z.number().int(),
  tenderedMinor: z.number().int().nullable(),
  changeMinor: z.number().int(),
  refundedMinor: z.number().int(),
  paidAt: z.string(),
});
export type ReceiptTender = z.infer<typeof receiptTenderSchema>;

export const receiptRefundSchema = z.object({
  amountMinor: z.number().int(),
  reason: z.string(),
  /** The tender it went back to, as `label` there. */
  tender: z.string(),
  refundedAt: z.string(),
});
export type ReceiptRefund = z.infer<typeof receiptRefundSchema>;

export const receiptViewSchema = z.object({
  ticketId: z.string(),
  ticketNumber: z.number().int(),
  businessName: z.string(),
  locationId: z.string(),
  locationName: z.string(),
  locationAddress: z.string().nullable(),
  locationPhone: z.string().nullable(),
  /** When the ticket closed (an instant) and the location's zone to write it in. */
  closedAt: z.string(),
  timeZone: z.string(),
  clientId: z.string().nullable(),
  currency: z.string(),
  lines: z.array(receiptLineSchema),
  subtotalMinor: z.number().int(),
  discountMinor: z.number().int(),
  /** The ticket discount's reason, when there is one. */
  discountReason: z.string().nullable(),
  taxMinor: z.number().int(),
  tipMinor: z.number().int(),
  totalMinor: z.number().int(),
  paidMinor: z.number().int(),
  changeMinor: z.number().int(),
  refundedMinor: z.number().int(),
  tenders: z.array(receiptTenderSchema),
  refunds: z.array(receiptRefundSchema),
});
export type ReceiptView = z.infer<typeof receiptViewSchema>;

export const RECEIPT_CHANNELS = ['email', 'sms'] as const;
export type ReceiptChannel = (typeof RECEIPT_CHANNELS)[number];

/**
 * POST /api/tickets/{id}/receipt-sends with an `Idempotency-Key` header: the ticket's client gets
 * the receipt by e-mail or text (to their contact on file; messaging checks consent).
 */
export const sendReceiptInputSchema = z.strictObject({
  channel: z.enum(RECEIPT_CHANNELS, 'must be email or sms'),
});
export type SendReceiptInput = z.input<typeof sendReceiptInputSchema>;

/** A receipt send as retail recorded it: asked of messaging, which reports how it went (`receiptSends`). */
export const receiptSendViewSchema = z.object({
  id: z.string(),
  ticketId: z.string(),
  clientId: z.string(),
  channel: z.enum(RECEIPT_CHANNELS),
  requestedAt: z.string(),
});
export type ReceiptSendView = z.infer<typeof receiptSendViewSchema>;
