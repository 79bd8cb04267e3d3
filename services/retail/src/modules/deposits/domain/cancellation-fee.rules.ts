import type { AppointmentStatus, BookingDepositStatus, CancellationFeeKind } from '@salon/contracts';
import { formatMinor } from '../../tickets/domain/money.rules.js';

/** The location's fees as its booking policy sets them (scheduling's, minor units; null: no fee). */
export interface FeePolicy {
  noShowFeeMinor: number | null;
  lateCancelFeeMinor: number | null;
}

export type FeeDecision =
  | { ok: true; kind: CancellationFeeKind; amountMinor: number; lineName: string; reason: string }
  | { ok: false; code: 'not_applicable' | 'deposit_kept' | 'already_charged'; reason: string };

/**
 * Whether a fee may be charged for an appointment, and how much: a no-show, or a cancellation
 * inside the late-cancel window (scheduling decided `lateCancel` when it was cancelled), charged
 * the policy's amount for that case. Never twice for one appointment, and never when the visit's
 * deposit was kept (or is still held, to be kept): the deposit already is the fee.
 */
export function cancellationFee(
  appointment: { status: AppointmentStatus; lateCancel: boolean },
  policy: FeePolicy,
  deposit: { status: BookingDepositStatus } | null,
  alreadyCharged: boolean,
): FeeDecision {
  const kind: CancellationFeeKind | null =
    appointment.status === 'no-show' ? 'no_show' : appointment.status === 'cancelled' && appointment.lateCancel ? 'late_cancel' : null;
  if (!kind) {
    const why =
      appointment.status === 'cancelled'
        ? 'It was cancelled before the late-cancel window: no fee applies'
        : 'Only a no-show or a cancellation inside the late-cancel window can be charged a fee';
    return { ok: false, code: 'not_applicable', reason: why };
  }
  if (alreadyCharged) return { ok: false, code: 'already_charged', reason: 'The fee for this appointment was already charged' };
  if (deposit && (deposit.status === 'held' || deposit.status === 'forfeited'))
    return { ok: false, code: 'deposit_kept', reason: 'The deposit paid for this booking is kept instead of a fee' };
  const amountMinor = kind === 'no_show' ? policy.noShowFeeMinor : policy.lateCancelFeeMinor;
  if (amountMinor === null || amountMinor <= 0) {
    const what = kind === 'no_show' ? 'no-show' : 'late-cancel';
    return { ok: false, code: 'not_applicable', reason: `The location’s booking policy sets no ${what} fee` };
  }
  return kind === 'no_show'
    ? { ok: true, kind, amountMinor, lineName: 'No-show fee', reason: `No-show: the booking policy’s fee of ${formatMinor(amountMinor)}` }
    : {
        ok: true,
        kind,
        amountMinor,
        lineName: 'Late cancellation fee',
        reason: `Cancelled inside the late-cancel window: the booking policy’s fee of ${formatMinor(amountMinor)}`,
      };
}

/** The Stripe key of a fee's charge: one per appointment and attempt (a declined attempt may be retried with another card). */
export function feeChargeKey(appointmentId: string, attempt: number): string {
  return `cancellation-fee-${appointmentId}-${attempt}`;
}
