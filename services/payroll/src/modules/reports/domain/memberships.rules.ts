import type { MembershipsReport } from '@salon/contracts';
import { roundHalfAway } from '../../payroll-runs/domain/money.rules.js';
import { rateBps } from './reports.rules.js';

/** A membership as retail's events tell it: sold (started), and cancelled from a date (or not). */
export interface Membership {
  membershipId: string;
  planId: string;
  planName: string | null;
  /** The plan's price per period; null on events from before they carried it. */
  priceMinor: number | null;
  period: 'month' | 'year' | null;
  startedAt: Date;
  cancelledAt: Date | null;
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
  for (const m of active) {
    const row = plans.get(m.planId) ?? { key: m.planId, label: m.planName ?? 'Membership', count: 0, amountMinor: 0 };
    row.count++;
    row.amountMinor += monthlyValueMinor(m);
    plans.set(m.planId, row);
  }
  return {
    active: active.length,
    mrrMinor: active.reduce((s, m) => s + monthlyValueMinor(m), 0),
    activeAtStart,
    started: list.filter((m) => m.startedAt >= start && m.startedAt < end).length,
    cancelled,
    churnBps: rateBps(cancelled, activeAtStart),
    byPlan: [...plans.values()].sort((a, b) => b.amountMinor - a.amountMinor || a.label.localeCompare(b.label)),
  };
}
