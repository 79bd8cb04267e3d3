import type { EarningKind } from '@salon/contracts';
import { DateTime } from 'luxon';
import { categoryRate } from '../../pay-rules/domain/category-commission.rules.js';
import { ruleInForce, type RuleVersion } from '../../pay-rules/domain/rule-versions.rules.js';
import { tieredCommission } from './commission.rules.js';
import { applyBps, formatBps, formatMinor, formatMinutes, roundHalfAway } from './money.rules.js';

/** A day of an approved time sheet, split into regular and overtime by the location's rule. */
export interface PaidDay {
  date: string;
  shiftIds: string[];
  regularMinutes: number;
  overtimeMinutes: number;
  /** e.g. 150 for time and a half. */
  overtimeMultiplierPercent: number;
}

export interface SaleLine {
  lineId: string;
  ticketId: string;
  /** Local date of the sale's close. */
  date: string;
  closedAt: string;
  kind: 'service' | 'product';
  serviceId: string | null;
  /** The service's or product's category as snapshotted on the ticket line (null when it had none). */
  category?: string | null;
  name: string;
  quantity: number;
  netMinor: number;
}

export interface TipShare {
  ticketId: string;
  date: string;
  amountMinor: number;
  /** The part of the ticket paid by card, and its total: the card fee falls on that share of the tip. */
  cardPaidMinor: number;
  ticketTotalMinor: number;
  cardFeeBps: number;
}

export interface RefundAfterSale {
  refundId: string;
  ticketId: string;
  date: string;
  refundMinor: number;
  ticketTotalMinor: number;
  /** What this person earned in commission on the ticket (as paid in a finalised run, or in this one). */
  commissionPaidMinor: number;
  /** The tip paid to this person on the ticket (finalised runs and this one): taken back in share when their rule says so. */
  tipPaidMinor?: number;
}

export interface EarningLine {
  kind: EarningKind;
  sourceType: 'shift' | 'ticket_line' | 'tip' | 'refund' | 'period';
  sourceId: string | null;
  occurredOn: string;
  description: string;
  ruleId: string | null;
  ruleVersion: number | null;
  arithmetic: string;
  amountMinor: number;
}

export interface StaffPeriodInput {
  periodStart: string;
  periodEnd: string;
  rules: readonly RuleVersion[];
  days: readonly PaidDay[];
  sales: readonly SaleLine[];
  tips: readonly TipShare[];
  refunds: readonly RefundAfterSale[];
}

const daysBetween = (from: string, to: string) =>
  Math.round(DateTime.fromISO(to, { zone: 'utc' }).diff(DateTime.fromISO(from, { zone: 'utc' }), 'days').days) + 1;

function* datesOf(from: string, to: string): Generator<string> {
  for (let d = DateTime.fromISO(from, { zone: 'utc' }); d.toISODate()! <= to; d = d.plus({ days: 1 })) yield d.toISODate()!;
}

/** A per-period amount shared over the days each version was in force (a mid-period change pays each part at its rule). */
function perPeriodLines(
  input: StaffPeriodInput,
  kind: 'salary' | 'booth_rent',
  amountOf: (v: RuleVersion) => number,
  label: string,
): EarningLine[] {
  const total = daysBetween(input.periodStart, input.periodEnd);
  const spans: { v: RuleVersion; from: string; to: string; days: number }[] = [];
  for (const date of datesOf(input.periodStart, input.periodEnd)) {
    const v = ruleInForce(input.rules, date);
    if (!v || amountOf(v) === 0) continue;
    const last = spans.at(-1);
    if (last && last.v.id === v.id) {
      last.to = date;
      last.days += 1;
    } else spans.push({ v, from: date, to: date, days: 1 });
  }
  const sign = kind === 'booth_rent' ? -1 : 1;
  return spans.map(({ v, from, to, days }) => {
    const amount = amountOf(v);
    const whole = days === total;
    const value = whole ? amount : roundHalfAway((amount * days) / total);
    return {
      kind,
      sourceType: 'period',
      sourceId: null,
      occurredOn: from,
      description: whole ? label : `${label}, ${from} to ${to}`,
      ruleId: v.id,
      ruleVersion: v.version,
      arithmetic: whole ? `${formatMinor(amount)} per period` : `${formatMinor(amount)} × ${days}/${total} days = ${formatMinor(value)}`,
      amountMinor: sign * value,
    };
  });
}

/**
 * One person's earning lines for a period, each naming its source, the rule version in force on
 * its date and the arithmetic. Pure: the use-case gathers the inputs (approved time sheets, the
 * period's sales and tips, refunds of earlier sales) and stores what this returns.
 *
 * Order of a service line's commission: deductions first (back-bar fee per service, product-cost
 * share), then the commission rate on what is left: a per-service override, else the rate of the
 * line's category, else the tiers. Tiers are reached on the period's tiered service revenue after
 * deductions (lines paid at an override or a category rate are not part of it). A product line
 * earns its category's rate, else the product commission rate.
 */
export function computeEarnings(input: StaffPeriodInput): EarningLine[] {
  const lines: EarningLine[] = [];

  // Hours: each day at the hourly rate in force that day; overtime at the location's multiplier.
  for (const day of input.days) {
    const v = ruleInForce(input.rules, day.date);
    const rate = v?.rule.hourlyRateMinor;
    if (!v || !rate) continue;
    const source = {
      sourceType: 'shift' as const,
      sourceId: day.shiftIds.join(','),
      occurredOn: day.date,
      ruleId: v.id,
      ruleVersion: v.version,
    };
    if (day.regularMinutes > 0) {
      const amount = roundHalfAway((rate * day.regularMinutes) / 60);
      lines.push({
        ...source,
        kind: 'regular_hours',
        description: `Hours on ${day.date}`,
        arithmetic: `${formatMinutes(day.regularMinutes)} h × ${formatMinor(rate)} = ${formatMinor(amount)}`,
        amountMinor: amount,
      });
    }
    if (day.overtimeMinutes > 0) {
      const amount = roundHalfAway((rate * day.overtimeMultiplierPercent * day.overtimeMinutes) / 6000);
      lines.push({
        ...source,
        kind: 'overtime_hours',
        description: `Overtime on ${day.date}`,
        arithmetic: `${formatMinutes(day.overtimeMinutes)} h × ${formatMinor(rate)} × ${day.overtimeMultiplierPercent}% = ${formatMinor(amount)}`,
        amountMinor: amount,
      });
    }
  }

  lines.push(...perPeriodLines(input, 'salary', (v) => v.rule.salaryPerPeriodMinor ?? 0, 'Salary'));

  // Service commission: deductions per line, then tiers over the period's revenue in time order.
  const services = input.sales
    .filter((s) => s.kind === 'service')
    .sort((a, b) => a.closedAt.localeCompare(b.closedAt) || a.lineId.localeCompare(b.lineId))
    .map((s) => {
      const v = ruleInForce(input.rules, s.date);
      const sc = v?.rule.serviceCommission ?? null;
      const backBar = (v?.rule.deductions.backBarFeeMinor ?? 0) * s.quantity;
      const productCost = applyBps(s.netMinor, v?.rule.deductions.productCostBps ?? 0);
      const base = Math.max(0, s.netMinor - backBar - productCost);
      const override = sc?.overrides.find((o) => o.serviceId === s.serviceId) ?? null;
      const byCategory = v && !override ? categoryRate(v.rule, 'service', s.category) : null;
      return { s, v, sc, backBar, productCost, base, override, byCategory };
    });
  const tiered = services.filter((x) => x.sc && !x.override && !x.byCategory);
  const periodRevenue = tiered.reduce((sum, x) => sum + x.base, 0);
  let before = 0;
  for (const x of services) {
    if (!x.v || (!x.sc && !x.byCategory)) continue;
    const deducted =
      x.backBar || x.productCost
        ? `(${formatMinor(x.s.netMinor)}${x.backBar ? ` − ${formatMinor(x.backBar)} back-bar` : ''}${
            x.productCost ? ` − ${formatMinor(x.productCost)} product cost` : ''
          }) = ${formatMinor(x.base)}; `
        : '';
    let amount: number;
    let arithmetic: string;
    if (x.override?.flatMinor != null) {
      amount = x.override.flatMinor * x.s.quantity;
      arithmetic = `${x.s.quantity} × ${formatMinor(x.override.flatMinor)} flat = ${formatMinor(amount)}`;
    } else if (x.override?.rateBps != null) {
      amount = applyBps(x.base, x.override.rateBps);
      arithmetic = `${deducted}${formatMinor(x.base)} × ${formatBps(x.override.rateBps)} = ${formatMinor(amount)}`;
    } else if (x.byCategory) {
      amount = applyBps(x.base, x.byCategory.rateBps);
      arithmetic = `${deducted}${formatMinor(x.base)} × ${formatBps(x.byCategory.rateBps)} (${x.byCategory.category} rate) = ${formatMinor(amount)}`;
    } else if (x.sc) {
      const c = tieredCommission(x.sc.tierMode, x.sc.rateBps, x.sc.tiers, { baseMinor: x.base, before, periodRevenue });
      before += x.base;
      amount = c.amountMinor;
      const tierNote = x.sc.tiers.length ? ` (${x.sc.tierMode} tiers, period revenue ${formatMinor(periodRevenue)})` : '';
      arithmetic = `${deducted}${c.arithmetic}${tierNote}`;
    } else continue;
    lines.push({
      kind: 'service_commission',
      sourceType: 'ticket_line',
      sourceId: x.s.lineId,
      occurredOn: x.s.date,
      description: `${x.s.name} (ticket line, net ${formatMinor(x.s.netMinor)})`,
      ruleId: x.v.id,
      ruleVersion: x.v.version,
      arithmetic,
      amountMinor: amount,
    });
  }

  for (const s of input.sales.filter((p) => p.kind === 'product')) {
    const v = ruleInForce(input.rules, s.date);
    if (!v) continue;
    const byCategory = categoryRate(v.rule, 'product', s.category);
    const rateBps = byCategory?.rateBps ?? v.rule.productCommissionBps;
    if (rateBps === 0) continue;
    const amount = applyBps(s.netMinor, rateBps);
    lines.push({
      kind: 'product_commission',
      sourceType: 'ticket_line',
      sourceId: s.lineId,
      occurredOn: s.date,
      description: `${s.quantity} × ${s.name}`,
      ruleId: v.id,
      ruleVersion: v.version,
      arithmetic: `${formatMinor(s.netMinor)} × ${formatBps(rateBps)}${byCategory ? ` (${byCategory.category} rate)` : ''} = ${formatMinor(amount)}`,
      amountMinor: amount,
    });
  }

  for (const t of input.tips) {
    const v = ruleInForce(input.rules, t.date);
    if (!v || !v.rule.tips.paid || t.amountMinor === 0) continue;
    const p = tipPayout(t, v.rule.tips.lessCardFee);
    lines.push({
      kind: 'tip',
      sourceType: 'tip',
      sourceId: t.ticketId,
      occurredOn: t.date,
      description: 'Tip',
      ruleId: v.id,
      ruleVersion: v.version,
      arithmetic: p.arithmetic,
      amountMinor: p.amountMinor,
    });
  }

  for (const r of input.refunds) {
    const v = ruleInForce(input.rules, r.date);
    const tip = v?.rule.tips.takeBackOnRefund ? tipTakeBack(r) : null;
    if (v && tip && tip.amountMinor !== 0)
      lines.push({
        kind: 'adjustment',
        sourceType: 'refund',
        sourceId: r.refundId,
        occurredOn: r.date,
        description: `Tip taken back on a refund (ticket ${r.ticketId.slice(0, 8)})`,
        ruleId: v.id,
        ruleVersion: v.version,
        arithmetic: tip.arithmetic,
        amountMinor: tip.amountMinor,
      });
    const a = refundAdjustment(r);
    if (a.amountMinor === 0) continue;
    lines.push({
      kind: 'adjustment',
      sourceType: 'refund',
      sourceId: r.refundId,
      occurredOn: r.date,
      description: `Refund on an earlier sale (ticket ${r.ticketId.slice(0, 8)})`,
      ruleId: null,
      ruleVersion: null,
      arithmetic: a.arithmetic,
      amountMinor: a.amountMinor,
    });
  }

  lines.push(...perPeriodLines(input, 'booth_rent', (v) => v.rule.boothRentPerPeriodMinor, 'Booth rent'));
  return lines;
}

/**
 * A tip share as paid: whole, or less the card fee on the part of the ticket paid by card
 * (tip × card share of the ticket × fee rate).
 */
export function tipPayout(t: TipShare, lessCardFee: boolean): { amountMinor: number; arithmetic: string } {
  if (!lessCardFee || t.cardPaidMinor === 0 || t.cardFeeBps === 0 || t.ticketTotalMinor === 0) {
    return { amountMinor: t.amountMinor, arithmetic: `${formatMinor(t.amountMinor)} tip` };
  }
  const fee = roundHalfAway((t.amountMinor * Math.min(t.cardPaidMinor, t.ticketTotalMinor) * t.cardFeeBps) / (t.ticketTotalMinor * 10_000));
  const share =
    t.cardPaidMinor >= t.ticketTotalMinor ? '' : ` × ${formatMinor(t.cardPaidMinor)}/${formatMinor(t.ticketTotalMinor)} by card`;
  return {
    amountMinor: t.amountMinor - fee,
    arithmetic: `${formatMinor(t.amountMinor)} − ${formatMinor(t.amountMinor)}${share} × ${formatBps(t.cardFeeBps)} card fee (${formatMinor(fee)}) = ${formatMinor(t.amountMinor - fee)}`,
  };
}

/** A refund takes back the commission on the refunded share of the ticket: −commission × refund / ticket total. */
export function refundAdjustment(r: RefundAfterSale): { amountMinor: number; arithmetic: string } {
  if (r.ticketTotalMinor === 0 || r.commissionPaidMinor === 0) return { amountMinor: 0, arithmetic: '' };
  const share = Math.min(r.refundMinor, r.ticketTotalMinor);
  const amount = -roundHalfAway((r.commissionPaidMinor * share) / r.ticketTotalMinor);
  return {
    amountMinor: amount,
    arithmetic: `−${formatMinor(r.commissionPaidMinor)} commission × ${formatMinor(share)} refunded / ${formatMinor(r.ticketTotalMinor)} ticket = ${formatMinor(amount)}`,
  };
}

/** A refund takes back the refunded share of the tip paid on the ticket: −tip × refund / ticket total. */
export function tipTakeBack(r: RefundAfterSale): { amountMinor: number; arithmetic: string } {
  const tip = r.tipPaidMinor ?? 0;
  if (r.ticketTotalMinor === 0 || tip === 0) return { amountMinor: 0, arithmetic: '' };
  const share = Math.min(r.refundMinor, r.ticketTotalMinor);
  const amount = -roundHalfAway((tip * share) / r.ticketTotalMinor);
  return {
    amountMinor: amount,
    arithmetic: `−${formatMinor(tip)} tip × ${formatMinor(share)} refunded / ${formatMinor(r.ticketTotalMinor)} ticket = ${formatMinor(amount)}`,
  };
}
