import type { DiscountInput, DiscountView, EventPayload, TicketLineView, TicketView, TipInput, TipView } from '@salon/contracts';
import { bpsToPercent, percentToBps, ppmToRate } from '../domain/money.rules.js';
import type { DiscountRule } from '../domain/ticket-totals.rules.js';
import type { TipRule } from '../domain/tips.rules.js';
import type { LineRow, StoredTip, TicketRow } from '../persistence/ticket.repository.js';

/** A closed ticket's rows → its `retail.ticket.closed.v1` payload (checkout and a kept deposit publish the same). */
export function ticketClosedPayload(t: TicketRow, lines: readonly LineRow[]): EventPayload<'retail.ticket.closed.v1'> {
  return {
    ticketId: t.id,
    number: t.number,
    clientId: t.clientId,
    appointmentIds: t.appointmentIds,
    closedAt: t.closedAt!.toISOString(),
    subtotalMinor: t.subtotalMinor,
    discountMinor: t.discountMinor,
    taxMinor: t.taxMinor,
    tipMinor: t.tipMinor,
    totalMinor: t.totalMinor,
    currency: t.currency,
    lines: lines.map((l) => ({
      kind: l.kind,
      name: l.name,
      quantity: l.quantity,
      netMinor: l.netMinor,
      staffId: l.staffId,
      appointmentId: l.appointmentId,
      serviceId: l.serviceId,
      lineId: l.id,
      productId: l.productId,
      category: l.category,
    })),
    tips: t.tipSplit.map((s) => ({ staffId: s.staffId, amountMinor: s.amountMinor })),
  };
}

/** Rows → the contract's TicketView (packages/contracts/src/retail/tickets.ts). */
export function toTicketView(t: TicketRow, lines: readonly LineRow[]): TicketView {
  return {
    id: t.id,
    number: t.number,
    locationId: t.locationId,
    clientId: t.clientId,
    status: t.status,
    appointmentIds: t.appointmentIds,
    lines: lines.map(toLineView),
    discount: toDiscountView(t.discount),
    tip: toTipView(t.tip, t.tipSplit),
    currency: t.currency,
    serviceTaxRate: ppmToRate(t.serviceTaxPpm),
    productTaxRate: ppmToRate(t.productTaxPpm),
    subtotalMinor: t.subtotalMinor,
    discountMinor: t.discountMinor,
    taxMinor: t.taxMinor,
    tipMinor: t.tipMinor,
    totalMinor: t.totalMinor,
    paidMinor: t.paidMinor,
    refundedMinor: t.refundedMinor,
    balanceMinor: t.totalMinor - t.paidMinor,
    openedBy: t.openedBy,
    openedAt: t.openedAt.toISOString(),
    closedAt: t.closedAt?.toISOString() ?? null,
    voidedAt: t.voidedAt?.toISOString() ?? null,
    voidReason: t.voidReason,
    version: t.version,
  };
}

export function toLineView(l: LineRow): TicketLineView {
  return {
    id: l.id,
    kind: l.kind,
    name: l.name,
    quantity: l.quantity,
    unitPriceMinor: l.unitPriceMinor,
    listUnitPriceMinor: l.listUnitPriceMinor,
    staffId: l.staffId,
    staffName: l.staffName,
    appointmentId: l.appointmentId,
    serviceId: l.serviceId,
    productId: l.productId,
    planId: l.planId,
    cardCode: l.cardCode,
    reason: l.reason ?? null,
    discount: toDiscountView(l.discount),
    grossMinor: l.grossMinor,
    discountMinor: l.discountMinor,
    netMinor: l.netMinor,
    taxRate: ppmToRate(l.taxPpm),
    taxMinor: l.taxMinor,
    totalMinor: l.totalMinor,
  };
}

export function toDiscountView(d: DiscountRule | null): DiscountView | null {
  if (!d) return null;
  return d.type === 'amount'
    ? { type: 'amount', amountMinor: d.amountMinor, percent: null, reason: d.reason }
    : { type: 'percent', amountMinor: null, percent: bpsToPercent(d.bps), reason: d.reason };
}

function toTipView(tip: StoredTip | null, split: TicketRow['tipSplit']): TipView | null {
  if (!tip) return null;
  return {
    mode: tip.rule.mode,
    percent: tip.rule.mode === 'percent' ? bpsToPercent(tip.rule.bps) : null,
    amountMinor: tip.amountMinor,
    baseMinor: tip.baseMinor,
    splitMode: tip.splitMode,
    split: split.map((s) => ({ staffId: s.staffId, staffName: s.staffName, amountMinor: s.amountMinor })),
  };
}

/** The contract's discount input → the domain's rule (percent in basis points). */
export function toDiscountRule(d: DiscountInput): DiscountRule {
  return d.type === 'amount'
    ? { type: 'amount', amountMinor: d.amountMinor, reason: d.reason.trim() }
    : { type: 'percent', bps: percentToBps(d.percent), reason: d.reason.trim() };
}

export function toTipRule(t: TipInput): TipRule {
  const split = t.split?.map((s) => ({ staffId: s.staffId, amountMinor: s.amountMinor }));
  const base: TipRule =
    t.percent !== undefined ? { mode: 'percent', bps: percentToBps(t.percent) } : { mode: 'amount', amountMinor: t.amountMinor ?? 0 };
  return split ? { ...base, split } : base;
}

/** Same discount: same kind, size and reason (stored JSON may list keys in another order). */
export function sameDiscount(a: DiscountRule | null, b: DiscountRule | null): boolean {
  if (!a || !b) return a === b;
  if (a.type !== b.type || a.reason !== b.reason) return false;
  return a.type === 'amount' ? a.amountMinor === (b as typeof a).amountMinor : a.bps === (b as typeof a).bps;
}
