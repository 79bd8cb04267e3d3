import { z } from 'zod';
import { intSchema } from '../rules/numbers.js';
import { amountMinorSchema, positiveAmountMinorSchema } from './tickets.js';

/**
 * Prepaid value (`/api/gift-cards`, `/api/prepaid-plans`, `/api/memberships`): gift certificates and
 * cards with a balance kept as a ledger, and the plans of memberships (credits per period) and
 * packages (a number of sessions) a client holds. Money in minor units; credits are whole sessions.
 */

/** A certificate is printed (expiry at least five years from issue, shown on it); a card is plastic or e-mailed. */
export const GIFT_CARD_KINDS = ['certificate', 'card'] as const;
export type GiftCardKind = (typeof GIFT_CARD_KINDS)[number];

/** `voided`: the ticket that sold the card was refunded with voidPrepaid (the card was never used). */
export const GIFT_CARD_ENTRY_KINDS = ['issued', 'redeemed', 'refunded', 'adjusted', 'expired', 'voided'] as const;
export type GiftCardEntryKind = (typeof GIFT_CARD_ENTRY_KINDS)[number];

export const giftCardEntryViewSchema = z.object({
  id: z.string(),
  kind: z.enum(GIFT_CARD_ENTRY_KINDS),
  /** Signed: + adds value (issued, refunded), − takes it (redeemed, expired, voided). */
  amountMinor: z.number().int(),
  balanceAfterMinor: z.number().int(),
  ticketId: z.string().nullable(),
  paymentId: z.string().nullable(),
  reason: z.string().nullable(),
  createdAt: z.string(),
});
export type GiftCardEntryView = z.infer<typeof giftCardEntryViewSchema>;

export const giftCardViewSchema = z.object({
  id: z.string(),
  /** Shown to staff in full; the public lookup never lists cards. */
  code: z.string(),
  kind: z.enum(GIFT_CARD_KINDS),
  initialMinor: z.number().int(),
  balanceMinor: z.number().int(),
  currency: z.string(),
  status: z.enum(['active', 'empty', 'expired']),
  clientId: z.string().nullable(),
  locationId: z.string(),
  soldOnTicketId: z.string().nullable(),
  issuedAt: z.string(),
  expiresAt: z.string().nullable(),
  entries: z.array(giftCardEntryViewSchema),
});
export type GiftCardView = z.infer<typeof giftCardViewSchema>;

/** GET /api/gift-cards/{code} (rate-limited per caller): what a card has left, nothing more. */
export const giftCardBalanceViewSchema = z.object({
  code: z.string(),
  balanceMinor: z.number().int(),
  currency: z.string(),
  status: z.enum(['active', 'empty', 'expired']),
  expiresAt: z.string().nullable(),
});
export type GiftCardBalanceView = z.infer<typeof giftCardBalanceViewSchema>;

/** GET /api/gift-cards?search=&clientId=: the cards, newest first, and the liability (what all still hold). */
export const giftCardListQuerySchema = z.strictObject({
  search: z.string().trim().max(60).optional(),
  clientId: z.uuid('must be a client id').optional(),
  limit: intSchema({ min: 1, max: 500 }).optional(),
});

export const giftCardListViewSchema = z.object({
  cards: z.array(giftCardViewSchema),
  /** Outstanding balances of every active card: the liability reports show. */
  liabilityMinor: z.number().int(),
});
export type GiftCardListView = z.infer<typeof giftCardListViewSchema>;

export const PREPAID_PLAN_KINDS = ['membership', 'package'] as const;
export type PrepaidPlanKind = (typeof PREPAID_PLAN_KINDS)[number];

export const PLAN_PERIODS = ['month', 'year'] as const;

export const prepaidPlanViewSchema = z.object({
  id: z.string(),
  kind: z.enum(PREPAID_PLAN_KINDS),
  name: z.string(),
  priceMinor: z.number().int(),
  /** Memberships: billed and renewed every month or year. Packages: null. */
  period: z.enum(PLAN_PERIODS).nullable(),
  /** Memberships: included services per period. Packages: sessions in the bundle. */
  credits: z.number().int(),
  /** The services a credit pays for; empty: any service. */
  serviceIds: z.array(z.string()),
  /** Memberships: discount on services, in percent (0: none). */
  discountPercent: z.number(),
  /** Packages: days from sale to expiry (null: never). */
  validityDays: z.number().int().nullable(),
  /** Memberships: days members see online booking times beyond the location's window (0: none). */
  priorityBookingDays: z.number().int(),
  active: z.boolean(),
});
export type PrepaidPlanView = z.infer<typeof prepaidPlanViewSchema>;

export const prepaidPlanInputSchema = z
  .strictObject({
    kind: z.enum(PREPAID_PLAN_KINDS),
    name: z.string().trim().min(1, 'is required').max(120, 'must be 120 characters or less'),
    priceMinor: positiveAmountMinorSchema,
    period: z.enum(PLAN_PERIODS).nullish(),
    credits: intSchema({ min: 1, max: 100 }),
    serviceIds: z.array(z.uuid('must be a service id')).max(50).optional(),
    discountPercent: z.number().min(0, 'must be 0 or more').max(100, 'must be 100 or less').optional(),
    validityDays: intSchema({ min: 1, max: 3660 }).nullish(),
    priorityBookingDays: intSchema({ min: 0, max: 365 }).optional(),
  })
  .refine((p) => p.kind !== 'membership' || !!p.period, { message: 'is required for a membership', path: ['period'] })
  .refine((p) => p.kind !== 'package' || !p.period, { message: 'is only for a membership', path: ['period'] });
export type PrepaidPlanInput = z.input<typeof prepaidPlanInputSchema>;

/**
 * A credit ledger entry: `voided` when the ticket that sold the membership or package was refunded
 * with voidPrepaid, `expired` when the expiry job took a package's sessions left at its expiry.
 */
export const CREDIT_ENTRY_KINDS = ['granted', 'redeemed', 'restored', 'reset', 'voided', 'expired'] as const;
export type CreditEntryKind = (typeof CREDIT_ENTRY_KINDS)[number];

export const MEMBERSHIP_STATUSES = ['active', 'paused', 'past_due', 'cancelled', 'expired', 'used_up'] as const;
export type MembershipStatus = (typeof MEMBERSHIP_STATUSES)[number];

export const prepaidCreditEntryViewSchema = z.object({
  id: z.string(),
  kind: z.enum(CREDIT_ENTRY_KINDS),
  credits: z.number().int(),
  creditsAfter: z.number().int(),
  ticketId: z.string().nullable(),
  lineName: z.string().nullable(),
  createdAt: z.string(),
});

export const MEMBERSHIP_BILLINGS = ['stripe', 'none'] as const;
export type MembershipBilling = (typeof MEMBERSHIP_BILLINGS)[number];

/** A membership or package a client holds. */
export const clientPrepaidViewSchema = z.object({
  id: z.string(),
  kind: z.enum(PREPAID_PLAN_KINDS),
  planId: z.string(),
  planName: z.string(),
  clientId: z.string(),
  status: z.enum(MEMBERSHIP_STATUSES),
  creditsLeft: z.number().int(),
  creditsPerPeriod: z.number().int(),
  serviceIds: z.array(z.string()),
  discountPercent: z.number(),
  periodStart: z.string(),
  /** Memberships: when the period ends (credits reset at renewal). Packages: the expiry, or null. */
  periodEnd: z.string().nullable(),
  cancelAtPeriodEnd: z.boolean(),
  soldOnTicketId: z.string().nullable(),
  /**
   * Memberships: `stripe` renews through a Stripe subscription on the client's card on file (a
   * failed renewal makes it past due); `none` was sold without a card on file and is not renewed
   * by itself (the desk sells the next period). Packages: `none`.
   */
  billing: z.enum(MEMBERSHIP_BILLINGS),
  entries: z.array(prepaidCreditEntryViewSchema),
});
export type ClientPrepaidView = z.infer<typeof clientPrepaidViewSchema>;

export const clientPrepaidListQuerySchema = z.strictObject({
  clientId: z.uuid('must be a client id').optional(),
  kind: z.enum(PREPAID_PLAN_KINDS).optional(),
});

/** POST /api/memberships/{id}/{pause|resume|cancel}; cancel `when` now or at the period's end. */
export const membershipActionInputSchema = z.strictObject({
  action: z.enum(['pause', 'resume', 'cancel']),
  when: z.enum(['now', 'period_end']).optional(),
});
export type MembershipActionInput = z.input<typeof membershipActionInputSchema>;

/**
 * POST /api/memberships/{id}/plan: moves a membership to another plan of the same period. With
 * Stripe billing the subscription's price changes with proration: the rest of the period at the new
 * price less the unused time of the old one, charged now (a downgrade's credit pays the next renewal).
 */
export const membershipPlanChangeInputSchema = z.strictObject({
  planId: z.uuid('must be a membership plan id'),
});
export type MembershipPlanChangeInput = z.input<typeof membershipPlanChangeInputSchema>;

/** One suggestion of GET /api/tickets/{id}/prepaid: prepaid value to apply, line by line, best for the client first. */
export const prepaidSuggestionSchema = z.object({
  source: z.enum(['package', 'membership', 'gift_card']),
  /** The membership or package (prepaid_credit), or the gift card's code. */
  prepaidId: z.string().nullable(),
  giftCardCode: z.string().nullable(),
  label: z.string(),
  /** The line a session pays; null for a gift card (it pays the balance). */
  lineId: z.string().nullable(),
  lineName: z.string().nullable(),
  amountMinor: amountMinorSchema,
});
export type PrepaidSuggestion = z.infer<typeof prepaidSuggestionSchema>;
