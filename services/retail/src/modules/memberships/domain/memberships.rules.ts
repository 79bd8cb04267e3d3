import type { MembershipStatus, PrepaidPlanKind } from '@salon/contracts';
import { DateTime } from 'luxon';

/**
 * Memberships and packages a client holds. A membership grants `credits` included services each
 * period (a month or a year; unused credits lapse at renewal) and moves through a state machine; a
 * package holds a number of sessions until used up or expired. Credits are a ledger too: the
 * credits left are always the sum of the entries.
 */

export interface HeldPrepaid {
  kind: PrepaidPlanKind;
  status: MembershipStatus;
  creditsLeft: number;
  creditsPerPeriod: number;
  serviceIds: readonly string[];
  periodStart: Date;
  /** Memberships: end of the period. Packages: the expiry (null: never). */
  periodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
}

export type MembershipEvent =
  | { type: 'pause' }
  | { type: 'resume' }
  | { type: 'cancel'; when: 'now' | 'period_end' }
  | { type: 'renewal_failed' }
  /** `billed`: the period the paid invoice covers (Stripe's dates win over our own arithmetic). */
  | { type: 'renewal_succeeded'; period: 'month' | 'year'; billed?: { start: Date; end: Date } }
  | { type: 'period_ended'; period: 'month' | 'year' };

export type Transition =
  | {
      ok: true;
      next: Pick<HeldPrepaid, 'status' | 'creditsLeft' | 'periodStart' | 'periodEnd' | 'cancelAtPeriodEnd'>;
      creditsReset: boolean;
    }
  | { ok: false; message: string };

export function periodEndOf(start: Date, period: 'month' | 'year'): Date {
  return DateTime.fromJSDate(start, { zone: 'utc' })
    .plus(period === 'month' ? { months: 1 } : { years: 1 })
    .toJSDate();
}

/**
 * The membership state machine:
 * - active ⇄ paused (benefits held while paused);
 * - active → past_due when a renewal fails (benefits suspended), → active when a retry succeeds;
 * - cancel now from any live state → cancelled; cancel at period end keeps it active and marks it,
 *   so the period's end cancels instead of renewing;
 * - a renewal starts the next period and resets the credits to the plan's (no rollover).
 * Cancelled is final.
 */
export function membershipTransition(m: HeldPrepaid, event: MembershipEvent, now: Date): Transition {
  const keep = { creditsLeft: m.creditsLeft, periodStart: m.periodStart, periodEnd: m.periodEnd, cancelAtPeriodEnd: m.cancelAtPeriodEnd };
  if (m.kind !== 'membership') return { ok: false, message: 'A package is not paused, resumed or cancelled; it is used or expires' };
  if (m.status === 'cancelled') return { ok: false, message: 'This membership is cancelled' };
  switch (event.type) {
    case 'pause':
      if (m.status !== 'active') return { ok: false, message: `Only an active membership can be paused; this one is ${label(m.status)}` };
      return { ok: true, next: { ...keep, status: 'paused' }, creditsReset: false };
    case 'resume':
      if (m.status !== 'paused') return { ok: false, message: `Only a paused membership can be resumed; this one is ${label(m.status)}` };
      return { ok: true, next: { ...keep, status: 'active' }, creditsReset: false };
    case 'cancel':
      if (event.when === 'now')
        return { ok: true, next: { ...keep, status: 'cancelled', creditsLeft: 0, periodEnd: now }, creditsReset: true };
      if (m.cancelAtPeriodEnd) return { ok: false, message: 'This membership already ends at the end of its period' };
      return { ok: true, next: { ...keep, cancelAtPeriodEnd: true, status: m.status }, creditsReset: false };
    case 'renewal_failed':
      if (m.status !== 'active' && m.status !== 'past_due') return { ok: false, message: `A ${label(m.status)} membership is not renewed` };
      return { ok: true, next: { ...keep, status: 'past_due' }, creditsReset: false };
    case 'renewal_succeeded': {
      if (m.status !== 'active' && m.status !== 'past_due') return { ok: false, message: `A ${label(m.status)} membership is not renewed` };
      const start = event.billed?.start ?? m.periodEnd ?? now;
      return {
        ok: true,
        next: {
          status: 'active',
          creditsLeft: m.creditsPerPeriod,
          periodStart: start,
          periodEnd: event.billed?.end ?? periodEndOf(start, event.period),
          cancelAtPeriodEnd: false,
        },
        creditsReset: true,
      };
    }
    case 'period_ended':
      if (m.cancelAtPeriodEnd) return { ok: true, next: { ...keep, status: 'cancelled', creditsLeft: 0 }, creditsReset: true };
      return { ok: false, message: 'A period that ends renews through billing (renewal_succeeded or renewal_failed)' };
  }
}

function label(status: MembershipStatus): string {
  return status.replace('_', ' ');
}

/** The status a package shows: used up, expired, or active. */
export function packageStatus(p: Pick<HeldPrepaid, 'creditsLeft' | 'periodEnd'>, now: Date): MembershipStatus {
  if (p.periodEnd && p.periodEnd.getTime() <= now.getTime()) return 'expired';
  return p.creditsLeft > 0 ? 'active' : 'used_up';
}

/**
 * Whether a credit of this membership or package can pay a service line now: live (a paused or
 * past-due membership's benefits are suspended), within its period or before expiry, a credit
 * left, and the service one it covers (no list: any service).
 */
export function creditRefusal(p: HeldPrepaid, line: { kind: string; serviceId: string | null }, now: Date): string | null {
  const what = p.kind === 'membership' ? 'membership' : 'package';
  if (line.kind !== 'service') return `A ${what} credit pays for a service, not a ${line.kind.replace('_', ' ')}`;
  if (p.status === 'used_up') return 'This package has no sessions left';
  if (p.status === 'past_due') return 'This membership is past due: its benefits are suspended until the renewal is paid';
  if (p.status !== 'active') return `This ${what} is ${label(p.status)}`;
  if (p.periodEnd && p.periodEnd.getTime() <= now.getTime())
    return p.kind === 'package' ? 'This package has expired' : 'This membership period has ended';
  if (p.creditsLeft <= 0)
    return p.kind === 'package' ? 'This package has no sessions left' : 'This membership has no credits left this period';
  if (p.serviceIds.length && (!line.serviceId || !p.serviceIds.includes(line.serviceId))) return `This ${what} does not cover that service`;
  return null;
}

/**
 * A credit tender is refunded whole (a session is not split): the refund gives the session back.
 * Answers the problem with a part refund, or null.
 */
export function creditRefundRefusal(tenderMinor: number, refundedBeforeMinor: number, refundMinor: number): string | null {
  if (refundedBeforeMinor > 0) return 'this session was already given back';
  if (refundMinor !== tenderMinor) return `a session is given back whole: refund ${(tenderMinor / 100).toFixed(2)}`;
  return null;
}
