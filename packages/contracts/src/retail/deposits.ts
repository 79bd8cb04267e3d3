import { z } from 'zod';
import { cardModalSchema } from './payments.js';

/**
 * Online booking deposits (`/api/booking-deposits`, public: the appointment's and the deposit's
 * unguessable ids are the credential). The booking page starts one for an appointment whose
 * booking answered `deposit`, shows `cardModal`, and reads the deposit until it is settled.
 *
 * - `awaiting_payment`: the card modal is open (the time is held until `dueAt`).
 * - `authorized`: the card is authorised; the booking is being confirmed.
 * - `held`: paid; the visit is booked and the deposit waits on account for its checkout.
 * - `applied`: a tender on the visit's ticket. `refunded`/`forfeited`: the visit did not happen
 *   (the cancellation policy decided). `released`/`failed`: nothing was taken, nothing is booked.
 * - `card_saved`: a `card` hold (no money): the card is on file and the visit is booked. It is
 *   never a tender, a refund or a fee; staff may charge the policy's fees to the card later.
 */
export const BOOKING_DEPOSIT_STATUSES = [
  'awaiting_payment',
  'authorized',
  'held',
  'applied',
  'refunded',
  'forfeited',
  'released',
  'failed',
  'card_saved',
] as const;
export type BookingDepositStatus = (typeof BOOKING_DEPOSIT_STATUSES)[number];

export const bookingDepositViewSchema = z.object({
  id: z.string(),
  appointmentId: z.string(),
  status: z.enum(BOOKING_DEPOSIT_STATUSES),
  /** `card`: only a card is saved (nothing charged, `amountMinor` 0); `deposit`: money is taken (also what an older retail, without the field, means). */
  kind: z.enum(['deposit', 'card']).default('deposit'),
  amountMinor: z.number().int(),
  currency: z.string(),
  dueAt: z.string(),
  /** Why the card was refused, in the processor's words, or why the time was released. */
  failureReason: z.string().nullable(),
  /** While `awaiting_payment`: the hosted card modal (or Stripe's Payment Element). */
  cardModal: cardModalSchema.nullable(),
});
export type BookingDepositView = z.infer<typeof bookingDepositViewSchema>;

/** POST /api/booking-deposits {appointmentId}: the deposit of an online booking held for it (idempotent per appointment). */
export const startDepositInputSchema = z.strictObject({ appointmentId: z.uuid('must be an appointment id') });
