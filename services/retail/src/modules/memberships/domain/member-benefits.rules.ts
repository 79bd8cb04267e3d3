import type { LineKind, MembershipStatus } from '@salon/contracts';
import { DateTime } from 'luxon';

/**
 * A membership's standing benefits at checkout and booking: its plan's discount on services and
 * products, and a priority booking window. Only a live membership gives them: active and within
 * its period (paused and past-due memberships have their benefits suspended).
 */

export interface MemberPlan {
  id: string;
  planName: string;
  kind: 'membership' | 'package';
  status: MembershipStatus;
  /** Discount in basis points (1000 = 10 %). */
  discountBps: number;
  periodEnd: Date | null;
}

/** The lines a member discount applies to: what the salon sells as work or goods, never prepaid value or fees. */
const DISCOUNTED_KINDS: ReadonlySet<LineKind> = new Set<LineKind>(['service', 'product']);

export function liveMembership(m: MemberPlan, now: Date): boolean {
  return m.kind === 'membership' && m.status === 'active' && (!m.periodEnd || m.periodEnd.getTime() > now.getTime());
}

/** The client's best live membership for a discount (the highest; the first held on a tie), or null. */
export function bestDiscount(held: readonly MemberPlan[], now: Date): MemberPlan | null {
  let best: MemberPlan | null = null;
  for (const m of held) if (liveMembership(m, now) && m.discountBps > 0 && (!best || m.discountBps > best.discountBps)) best = m;
  return best;
}

export type MemberLineDiscount = { lineId: string; bps: number; reason: string };

/**
 * The member discount each line of a ticket takes: the best live membership's percentage, as a
 * line discount with its reason ("Member discount: Gold Club 10%"), on service and product lines
 * that have no discount of their own (the desk's discount stands: discounts never stack) and are
 * not paid by a membership or package credit (an included service is not also discounted).
 */
export function memberDiscounts(
  lines: readonly { id: string; kind: LineKind; hasDiscount: boolean; grossMinor: number }[],
  held: readonly MemberPlan[],
  coveredLineIds: readonly string[],
  now: Date,
): MemberLineDiscount[] {
  const plan = bestDiscount(held, now);
  if (!plan) return [];
  const covered = new Set(coveredLineIds);
  return lines
    .filter((l) => DISCOUNTED_KINDS.has(l.kind) && !l.hasDiscount && !covered.has(l.id) && l.grossMinor > 0)
    .map((l) => ({ lineId: l.id, bps: plan.discountBps, reason: `Member discount: ${plan.planName} ${formatPercent(plan.discountBps)}` }));
}

function formatPercent(bps: number): string {
  return `${Number((bps / 100).toFixed(2))}%`;
}

/**
 * How far ahead a client may book: the location's window, plus the member's priority days when a
 * live membership gives them, to the end of that local day at the location.
 */
export function bookingHorizon(now: Date, zone: string, baseDays: number, member: { priorityDays: number } | null): Date {
  const days = baseDays + (member ? Math.max(0, member.priorityDays) : 0);
  return DateTime.fromJSDate(now, { zone }).plus({ days }).endOf('day').toJSDate();
}
