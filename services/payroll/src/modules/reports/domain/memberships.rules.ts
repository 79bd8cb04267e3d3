import type { MembershipsReport } from '@salon/contracts';
import { roundHalfAway } from '../../payroll-runs/domain/money.rules.js';
import { rateBps } from './reports.rules.js';

/** A move to another plan (retail's plan-changed event), in force from `at`. */
export interface PlanChange {
  at: Date;
  planId: string;
  planName: string;
  priceMinor: number;
  period: 'month' | 'year';
}

/** A membership as retail's events tell it: sold (started), moved between plans, and cancelled from a date (or not). */
export interface Membership {
  membershipId: string;
  planId: string;
  planName: string | null;
  /** The plan's price per period; null on events from before they carried it. */
  priceMinor: number | null;
  period: 'month' | 'year' | null;
  startedAt: Date;
  cancelledAt: Date | null;
  /** Oldest first; absent or empty: the plan it started on all along. */
  planChanges?: readonly PlanChange[];
}

/** The plan a membership was on at an instant: the last change before it, else the one it started on. */
export function planAt(m: Membership, at: Date): Pick<Membership, 'planId' | 'planName' | 'priceMinor' | 'period'> {
  const change = [...(m.planChanges ?? [])]
    .filter((c) => c.at < at)
    .sort((a, b) => a.at.getTime() - b.at.getTime())
    .at(-1);
  return change ?? m;
}

/** What a membership brings in a month: its price, or a twelfth of a yearly one (to the cent). */
export function monthlyValueMinor(m: Pick<Membership, 'priceMinor' | 'period'>): number {
  if (m.priceMinor === null) return 0;
  return m.period === 'year' ? roundHalfAway(m.priceMinor / 12) : m.priceMinor;
}

const activeAt = (m: Membership, at: Date) => m.startedAt < at && (m.cancelledAt === null || m.cancelledAt >= at);

/**
 * Memberships over [start, end): active ones at the end and their monthly recurring revenue (by
 * plan, most revenue first), and churn: memberships cancelled in the range over those active at
 * its start.
 */
export function membershipsSummary(list: readonly Membership[], start: Date, end: Date): MembershipsReport {
  const active = list.filter((m) => activeAt(m, end));
  const activeAtStart = list.filter((m) => activeAt(m, start)).length;
  const cancelled = list.filter((m) => m.cancelledAt !== null && m.cancelledAt >= start && m.cancelledAt < end && m.startedAt < end).length;
  const plans = new Map<string, { key: string; label: string; count: number; amountMinor: number }>();
  let mrrMinor = 0;
  for (const m of active) {
    const plan = planAt(m, end);
    const row = plans.get(plan.planId) ?? { key: plan.planId, label: plan.planName ?? 'Membership', count: 0, amountMinor: 0 };
    row.count++;
    row.amountMinor += monthlyValueMinor(plan);
    mrrMinor += monthlyValueMinor(plan);
    plans.set(plan.planId, row);
  }
  return {
    active: active.length,
    mrrMinor,
    activeAtStart,
    started: list.filter((m) => m.startedAt >= start && m.startedAt < end).length,
    cancelled,
    churnBps: rateBps(cancelled, activeAtStart),
    byPlan: [...plans.values()].sort((a, b) => b.amountMinor - a.amountMinor || a.label.localeCompare(b.label)),
  };
}
