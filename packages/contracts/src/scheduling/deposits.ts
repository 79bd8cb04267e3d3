import { z } from 'zod';

/**
 * An online booking's deposit as scheduling keeps it (`GET /api/appointments/{id}/deposit`): the
 * amount its services' deposit rules ask for, and whether the time is still only held for it
 * (`pending`, until `dueAt`), booked because it was paid (`paid`), or given up (`released`: the
 * payment failed or did not come in time, and the time is free again). Retail takes the payment.
 */
export const DEPOSIT_HOLD_STATUSES = ['pending', 'paid', 'released'] as const;
export type DepositHoldStatus = (typeof DEPOSIT_HOLD_STATUSES)[number];

export const appointmentDepositViewSchema = z.object({
  appointmentId: z.string(),
  locationId: z.string(),
  clientId: z.string(),
  amountMinor: z.number().int().positive(),
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

/** In the online booking's answer when the visit needs a deposit: pay it before `dueAt` or the time is released. */
export const bookingDepositDueSchema = z.object({
  amountMinor: z.number().int().positive(),
  currency: z.string(),
  dueAt: z.string(),
});
export type BookingDepositDue = z.infer<typeof bookingDepositDueSchema>;
