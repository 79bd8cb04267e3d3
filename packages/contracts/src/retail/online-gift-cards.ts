import { z } from 'zod';
import { intSchema } from '../rules/numbers.js';
import { cardModalSchema } from './payments.js';

/**
 * A gift card bought online from the booking page (`POST /api/online-gift-cards`, no account): the
 * buyer picks an amount, who receives it and the day it arrives, and pays in the hosted card modal.
 * Once paid the card is issued and the recipient is e-mailed its code on that day (messaging).
 */
export const ONLINE_GIFT_CARD_MIN_MINOR = 1000;
export const ONLINE_GIFT_CARD_MAX_MINOR = 100_000;
/** The furthest a delivery day can be from today (the location's today). */
export const ONLINE_GIFT_CARD_MAX_DELIVERY_DAYS = 365;

const localDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date (YYYY-MM-DD)');

export const buyGiftCardOnlineInputSchema = z.strictObject({
  locationId: z.uuid('must be a location id'),
  amountMinor: intSchema({ min: ONLINE_GIFT_CARD_MIN_MINOR, max: ONLINE_GIFT_CARD_MAX_MINOR }),
  buyerName: z.string().trim().min(1, 'is required').max(120, 'must be at most 120 characters'),
  buyerEmail: z.email('must be an e-mail address').max(254),
  recipientName: z.string().trim().min(1, 'is required').max(120, 'must be at most 120 characters'),
  recipientEmail: z.email('must be an e-mail address').max(254),
  message: z.string().trim().max(500, 'must be at most 500 characters').optional(),
  /** The recipient's day (the location's calendar): today or later, within a year. */
  deliverOn: localDate,
  /** Made once by the page per purchase: a double tap or a retried request answers the same order. */
  requestKey: z.uuid('must be a uuid made by the page'),
});
export type BuyGiftCardOnlineInput = z.input<typeof buyGiftCardOnlineInputSchema>;

export const onlineGiftCardOrderViewSchema = z.object({
  id: z.string(),
  status: z.enum(['awaiting_payment', 'paid', 'failed']),
  amountMinor: z.number().int(),
  currency: z.string(),
  recipientName: z.string(),
  deliverOn: z.string(),
  failureReason: z.string().nullable(),
  /** While awaiting payment: the hosted card modal. */
  cardModal: cardModalSchema.nullable(),
  /** Once paid: when the card expires (the location's rule), null for never. The code goes to the recipient only. */
  expiresAt: z.string().nullable(),
});
export type OnlineGiftCardOrderView = z.infer<typeof onlineGiftCardOrderViewSchema>;
