import { z } from 'zod';

/**
 * An online booking's deposit as scheduling keeps it (`GET /api/appointments/{id}/deposit`): the
 * amount its services' deposit rules ask for, and whether the time is still only held for it
 * (`pending`, until `dueAt`), booked because it was paid (`paid`), or given up (`released`: the
 * payment failed or did not come in time, and the time is free again). Retail takes the payment.
 */
export const DEPOSIT_HOLD_STATUSES = ['pending', 'paid', 'released'] as const;
export type DepositHoldStatus = (typeof DEPOSIT_HOLD_STATUSES)[number];

/**
 * What a hold waits for: `deposit`, money (its services' deposit rules); `card`, only a card saved on
 * file (the location's policy requires a card online and the services take no deposit; nothing is
 * charged, `amountMinor` is 0). A `deposit` hold at such a location also saves its card (`saveCard`).
 */
export const DEPOSIT_HOLD_KINDS = ['deposit', 'card'] as const;
export type DepositHoldKind = (typeof DEPOSIT_HOLD_KINDS)[number];

/** The location's fees a card on file may be charged, as the booking page states them before the card is taken. */
export const cardPolicySchema = z.object({
  noShowFeeMinor: z.number().int().nullable(),
  lateCancelFeeMinor: z.number().int().nullable(),
  lateCancelHours: z.number().int(),
});
export type CardPolicy = z.infer<typeof cardPolicySchema>;

export const appointmentDepositViewSchema = z.object({
  appointmentId: z.string(),
  locationId: z.string(),
  clientId: z.string(),
  kind: z.enum(DEPOSIT_HOLD_KINDS).default('deposit'),
  /** The card is kept on file for the location's no-show and late-cancel fees. */
  saveCard: z.boolean().default(false),
  amountMinor: z.number().int().nonnegative(),
  currency: z.string(),
  status: z.enum(DEPOSIT_HOLD_STATUSES),
  dueAt: z.string(),
  /** Retail's deposit id, once paid. */
  paymentRef: z.string().nullable(),
  releaseReason: z.string().nullable(),
  /** The appointment's start, for the cancellation policy. */
  startsAt: z.string(),
});
export type AppointmentDepositView = z.infer<typeof appointmentDepositViewSchema>;

/** POST /api/appointments/{id}/deposit/paid (retail's service token): the deposit is taken, book the held time. */
export const depositPaidInputSchema = z.strictObject({ paymentRef: z.string().min(1).max(100) });
/** POST /api/appointments/{id}/deposit/release (retail's service token): the payment failed, free the held time. */
export const depositReleaseInputSchema = z.strictObject({ reason: z.string().min(1).max(300) });

/** In the online booking's answer when the visit needs a deposit or a card: pay it (or save the card) before `dueAt` or the time is released. */
export const bookingDepositDueSchema = z.object({
  kind: z.enum(DEPOSIT_HOLD_KINDS).default('deposit'),
  /** 0 for a `card` hold: nothing is charged now. */
  amountMinor: z.number().int().nonnegative(),
  currency: z.string(),
  dueAt: z.string(),
  /** The location requires a card online: the fees it may later be charged (null when it does not). */
  cardPolicy: cardPolicySchema.nullish(),
});
export type BookingDepositDue = z.infer<typeof bookingDepositDueSchema>;
