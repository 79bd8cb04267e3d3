import { z } from 'zod';
import { intSchema } from '../rules/numbers.js';

/**
 * Retail's tickets (`/api/tickets`): one per visit at a location, opened from appointments or as a
 * walk-in. Money is integer minor units of `currency` (USD, spec §9); every total is computed by the
 * retail service from the lines, the web only displays them.
 */

export const TICKET_STATUSES = ['open', 'closed', 'voided'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];

/**
 * What a line sells. `gift_card`, `membership` and `package` sell prepaid value (issued when the
 * ticket closes); the retail service's line-kind table says how each kind is taxed, tipped and permitted.
 */
export const LINE_KINDS = ['service', 'product', 'fee', 'gift_card', 'membership', 'package'] as const;
export type LineKind = (typeof LINE_KINDS)[number];

/** The most one amount may be: $1,000,000.00. */
export const MAX_AMOUNT_MINOR = 100_000_000;

const hasDecimals = (max: number) => (v: number) => Math.abs(v * 10 ** max - Math.round(v * 10 ** max)) < 1e-6;

/** A percentage such as 20 or 12.5 (at most two decimals). */
export const percentSchema = z
  .number()
  .gt(0, 'must be more than 0')
  .max(100, 'must be 100 or less')
  .refine(hasDecimals(2), 'must have at most two decimals');

/** A tax rate in percent such as 10.25 or 8.875 (at most four decimals; 0 means untaxed). */
export const taxRateSchema = z
  .number()
  .min(0, 'must be 0 or more')
  .max(100, 'must be 100 or less')
  .refine(hasDecimals(4), 'must have at most four decimals');

export const amountMinorSchema = z.number().int('must be whole cents').min(0, 'must be 0 or more').max(MAX_AMOUNT_MINOR, 'is too large');

export const positiveAmountMinorSchema = z
  .number()
  .int('must be whole cents')
  .min(1, 'must be more than 0')
  .max(MAX_AMOUNT_MINOR, 'is too large');

const reasonSchema = z.string().trim().min(1, 'is required').max(200, 'must be 200 characters or less');

/** A discount on a line or on the whole ticket: an amount or a percentage, always with a reason. */
export const discountInputSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('amount'), amountMinor: positiveAmountMinorSchema, reason: reasonSchema }),
  z.strictObject({ type: z.literal('percent'), percent: percentSchema, reason: reasonSchema }),
]);
export type DiscountInput = z.input<typeof discountInputSchema>;

export const discountViewSchema = z.object({
  type: z.enum(['amount', 'percent']),
  /** The amount asked for (type amount), else null. */
  amountMinor: z.number().int().nullable(),
  /** The percentage asked for (type percent), else null. */
  percent: z.number().nullable(),
  reason: z.string(),
});
export type DiscountView = z.infer<typeof discountViewSchema>;

export const tipShareSchema = z.object({
  /** Null for a share of service lines nobody performed. */
  staffId: z.string().nullable(),
  staffName: z.string().nullable(),
  amountMinor: z.number().int(),
});
export type TipShare = z.infer<typeof tipShareSchema>;

/**
 * A tip: a percentage of the pre-discount service total (a preset) or an amount; split among the
 * visit's staff in proportion to their service totals, or by hand (`split`, adding up to the tip).
 */
export const tipInputSchema = z
  .strictObject({
    percent: percentSchema.optional(),
    amountMinor: amountMinorSchema.optional(),
    split: z
      .array(z.strictObject({ staffId: z.uuid('must be a staff id').nullable(), amountMinor: amountMinorSchema }))
      .min(1)
      .max(20)
      .optional(),
  })
  .refine((t) => (t.percent === undefined) !== (t.amountMinor === undefined), {
    message: 'give either percent or amountMinor',
    path: ['percent'],
  });
export type TipInput = z.input<typeof tipInputSchema>;

export const tipViewSchema = z.object({
  mode: z.enum(['percent', 'amount']),
  percent: z.number().nullable(),
  /** What the tip comes to. */
  amountMinor: z.number().int(),
  /** What a percentage is taken of: the service lines before discounts. */
  baseMinor: z.number().int(),
  splitMode: z.enum(['proportional', 'manual']),
  split: z.array(tipShareSchema),
});
export type TipView = z.infer<typeof tipViewSchema>;

export const ticketLineViewSchema = z.object({
  id: z.string(),
  kind: z.enum(LINE_KINDS),
  name: z.string(),
  quantity: z.number().int(),
  unitPriceMinor: z.number().int(),
  /** The price the line came with (booking snapshot or catalogue); null for an item rung up at a typed price. */
  listUnitPriceMinor: z.number().int().nullable(),
  staffId: z.string().nullable(),
  staffName: z.string().nullable(),
  appointmentId: z.string().nullable(),
  serviceId: z.string().nullable(),
  productId: z.string().nullable(),
  /** The membership or package plan a line sells. */
  planId: z.string().nullable().optional(),
  /** The physical gift card number a gift card line sells (null: generated at close). */
  cardCode: z.string().nullable().optional(),
  /** Why a fee was charged (a fee line typed at the desk), shown on the receipt. */
  reason: z.string().nullable().optional(),
  discount: discountViewSchema.nullable(),
  /** quantity × unit price. */
  grossMinor: z.number().int(),
  /** The line's own discount plus its share of the ticket discount. */
  discountMinor: z.number().int(),
  /** Gross less discounts: what tax is computed on. */
  netMinor: z.number().int(),
  /** Rate in percent applied to the line (its kind's rate at the location). */
  taxRate: z.number(),
  taxMinor: z.number().int(),
  totalMinor: z.number().int(),
});
export type TicketLineView = z.infer<typeof ticketLineViewSchema>;

export const ticketViewSchema = z.object({
  id: z.string(),
  /** A short running number for the desk and receipts. */
  number: z.number().int(),
  locationId: z.string(),
  clientId: z.string().nullable(),
  status: z.enum(TICKET_STATUSES),
  appointmentIds: z.array(z.string()),
  lines: z.array(ticketLineViewSchema),
  discount: discountViewSchema.nullable(),
  tip: tipViewSchema.nullable(),
  currency: z.string(),
  serviceTaxRate: z.number(),
  productTaxRate: z.number(),
  /** Sum of the lines' gross amounts. */
  subtotalMinor: z.number().int(),
  discountMinor: z.number().int(),
  taxMinor: z.number().int(),
  tipMinor: z.number().int(),
  /** subtotal − discounts + tax + tip. */
  totalMinor: z.number().int(),
  /** Captured by the ticket's tenders. */
  paidMinor: z.number().int(),
  refundedMinor: z.number().int(),
  /** total − paid: what is still to pay. */
  balanceMinor: z.number().int(),
  openedBy: z.string().nullable(),
  openedAt: z.string(),
  closedAt: z.string().nullable(),
  voidedAt: z.string().nullable(),
  voidReason: z.string().nullable(),
  version: z.number().int(),
});
export type TicketView = z.infer<typeof ticketViewSchema>;

/** POST /api/tickets: from one or more appointments of one visit, or a walk-in (neither: add lines after). */
export const openTicketInputSchema = z.strictObject({
  locationId: z.uuid('must be a location id'),
  appointmentIds: z.array(z.uuid('must be an appointment id')).max(10, 'at most 10 appointments').optional(),
  clientId: z.uuid('must be a client id').nullish(),
});
export type OpenTicketInput = z.input<typeof openTicketInputSchema>;

/**
 * One line of PATCH /api/tickets/{id}: an existing line by `id` (its source stays), a service from
 * the catalogue (`serviceId`), a product (`productId`), or an item at a typed price (name + unitPriceMinor).
 */
export const ticketLineInputSchema = z.strictObject({
  id: z.uuid().optional(),
  kind: z.enum(LINE_KINDS).optional(),
  serviceId: z.uuid('must be a service id').optional(),
  /** A product of retail's catalogue: its name, price and tax class (kind product). */
  productId: z.uuid('must be a product id').optional(),
  name: z.string().trim().min(1, 'is required').max(120, 'must be 120 characters or less').optional(),
  quantity: z.number().int('must be a whole number').min(1, 'must be at least 1').max(999, 'must be 999 or less').default(1),
  unitPriceMinor: amountMinorSchema.optional(),
  staffId: z.uuid('must be a staff id').nullish(),
  discount: discountInputSchema.nullish(),
  /** A membership or package plan (kind membership/package): its name and price. */
  planId: z.uuid('must be a plan id').optional(),
  /** A physical gift card's number (kind gift_card); none: a code is generated when the ticket closes. */
  cardCode: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9-]{6,40}$/, 'must be 6 to 40 letters, digits or dashes')
    .optional(),
  /** Why a fee is charged (kind fee, required for a new one): the client reads it on the receipt. */
  reason: reasonSchema.optional(),
});
export type TicketLineInput = z.input<typeof ticketLineInputSchema>;

/**
 * PATCH /api/tickets/{id}: `version` as read (a stale one answers 409 with the current ticket);
 * `lines` replaces the list; `discount`/`tip` null removes them.
 */
export const updateTicketInputSchema = z.strictObject({
  version: intSchema({ min: 1 }),
  lines: z.array(ticketLineInputSchema).max(100, 'at most 100 lines').optional(),
  discount: discountInputSchema.nullish(),
  tip: tipInputSchema.nullish(),
  clientId: z.uuid('must be a client id').nullish(),
});
export type UpdateTicketInput = z.input<typeof updateTicketInputSchema>;

export const voidTicketInputSchema = z.strictObject({ reason: reasonSchema });
export type VoidTicketInput = z.input<typeof voidTicketInputSchema>;

export const ticketListQuerySchema = z.strictObject({
  locationId: z.uuid('must be a location id'),
  status: z.enum(TICKET_STATUSES).optional(),
  /** A local date (YYYY-MM-DD) at the location: tickets opened that day. */
  date: z.iso.date('must be a date as YYYY-MM-DD').optional(),
});
