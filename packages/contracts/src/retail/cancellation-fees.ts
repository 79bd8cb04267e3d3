import { z } from 'zod';

/**
 * No-show and late-cancel fees (`/api/cancellation-fees/{appointmentId}`, GraphQL
 * `cancellationFee` / `chargeCancellationFee`): the fee the location's booking policy sets for a
 * no-show or a cancellation inside the late-cancel window, charged once per appointment to the
 * client's card on file as a closed ticket with one fee line carrying the reason.
 *
 * - `chargeable`: the fee applies and has not been charged (`card` null: no card on file).
 * - `charged`: done (`ticketId` the fee's ticket).
 * - `not_applicable`: no fee (`reason` says why: not a no-show or late cancel, the policy has no
 *   fee, or the deposit was already kept).
 */
export const CANCELLATION_FEE_KINDS = ['no_show', 'late_cancel'] as const;
export type CancellationFeeKind = (typeof CANCELLATION_FEE_KINDS)[number];

export const cancellationFeeViewSchema = z.object({
  appointmentId: z.string(),
  kind: z.enum(CANCELLATION_FEE_KINDS).nullable(),
  status: z.enum(['chargeable', 'charged', 'not_applicable']),
  amountMinor: z.number().int().nullable(),
  currency: z.string(),
  /** The reason recorded on the fee (shown on the receipt), or why there is no fee. */
  reason: z.string().nullable(),
  /** The card on file it would be charged to (brand and last four only). */
  card: z.object({ brand: z.string(), last4: z.string() }).nullable(),
  ticketId: z.string().nullable(),
  /** Why the last attempt was not charged (a decline, authentication asked for). */
  failureReason: z.string().nullable(),
});
export type CancellationFeeView = z.infer<typeof cancellationFeeViewSchema>;
