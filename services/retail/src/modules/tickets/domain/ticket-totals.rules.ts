import { MAX_AMOUNT_MINOR, type LineKind } from '@salon/contracts';
import { LINE_KIND_RULES, taxPpmFor, type TaxRatesPpm } from './line-kinds.rules.js';
import { allocate, formatMinor, percentOf, taxOf } from './money.rules.js';
import { computeTip, type TipResult, type TipRule } from './tips.rules.js';

/** A discount as asked for: an amount, or a percentage in basis points; always with a reason. */
export type DiscountRule = ({ type: 'amount'; amountMinor: number } | { type: 'percent'; bps: number }) & { reason: string };

export interface LineDraft {
  kind: LineKind;
  quantity: number;
  unitPriceMinor: number;
  staffId: string | null;
  discount: DiscountRule | null;
  /** A product line's own tax class; absent or null: its kind's. */
  taxClass?: 'service' | 'product' | 'none' | null;
}

export interface TicketDraft {
  lines: readonly LineDraft[];
  discount: DiscountRule | null;
  tip: TipRule | null;
  rates: TaxRatesPpm;
}

export interface LineTotals {
  grossMinor: number;
  /** The line's own discount. */
  lineDiscountMinor: number;
  /** Its share of the ticket discount. */
  ticketDiscountMinor: number;
  /** lineDiscount + ticketDiscount. */
  discountMinor: number;
  netMinor: number;
  taxPpm: number;
  taxMinor: number;
  totalMinor: number;
}

export interface TicketTotals {
  lines: LineTotals[];
  subtotalMinor: number;
  /** Line discounts plus the ticket discount. */
  discountMinor: number;
  /** The ticket discount alone (already shared into the lines). */
  ticketDiscountMinor: number;
  taxMinor: number;
  tip: TipResult | null;
  tipMinor: number;
  totalMinor: number;
}

export interface FieldProblem {
  field: string;
  message: string;
}

export type TotalsOutcome = { ok: true; totals: TicketTotals } | { ok: false; problems: FieldProblem[] };

/** The most a ticket may come to: its columns are 32-bit integers of cents. */
export const MAX_TICKET_TOTAL_MINOR = 2_000_000_000;

function discountAmount(discount: DiscountRule, baseMinor: number): number {
  return discount.type === 'amount' ? discount.amountMinor : percentOf(baseMinor, discount.bps);
}

/**
 * Every total of a ticket, from its lines. The order, and where rounding happens (documented for
 * receipts and reports; see money.rules.ts for half-up and largest remainder):
 *
 * 1. gross = quantity × unit price, per line.
 * 2. The line's own discount: its amount, or its percentage of the gross rounded half-up. An
 *    amount above the gross is refused.
 * 3. The ticket discount: its amount, or its percentage of the sum of the lines after their own
 *    discounts, rounded half-up once; then shared over the lines in proportion to what each has
 *    left, by largest remainder, so the shares add up to it exactly. An amount above what the
 *    lines come to is refused.
 * 4. net = gross − both discounts, per line.
 * 5. Tax per line on its net at its kind's rate (services and products have their own rates at a
 *    location; fees are not taxed), rounded half-up per line. The ticket's tax is the sum of the
 *    lines' taxes, so every receipt line adds up.
 * 6. The tip (never taxed, never discounted) from the pre-discount service total: tips.rules.ts.
 * 7. total = subtotal − discounts + tax + tip.
 */
export function computeTotals(draft: TicketDraft): TotalsOutcome {
  const problems: FieldProblem[] = [];
  const gross = draft.lines.map((l) => l.quantity * l.unitPriceMinor);
  gross.forEach((g, i) => {
    if (g > MAX_AMOUNT_MINOR)
      problems.push({ field: `lines.${i}.unitPriceMinor`, message: `makes the line more than ${formatMinor(MAX_AMOUNT_MINOR)}` });
  });
  if (problems.length) return { ok: false, problems };

  const lineDiscounts = draft.lines.map((line, i) => {
    if (!line.discount) return 0;
    const amount = discountAmount(line.discount, gross[i]!);
    if (amount > gross[i]!) {
      problems.push({ field: `lines.${i}.discount.amountMinor`, message: `is more than the line's ${formatMinor(gross[i]!)}` });
    }
    return Math.min(amount, gross[i]!);
  });
  const afterLine = gross.map((g, i) => g - lineDiscounts[i]!);
  const afterLineSum = afterLine.reduce((a, b) => a + b, 0);

  let ticketDiscountMinor = 0;
  if (draft.discount) {
    ticketDiscountMinor = discountAmount(draft.discount, afterLineSum);
    if (ticketDiscountMinor > afterLineSum) {
      problems.push({ field: 'discount.amountMinor', message: `is more than the ticket's ${formatMinor(afterLineSum)} before it` });
    }
  }
  if (problems.length) return { ok: false, problems };
  const ticketShares = afterLine.length ? allocate(ticketDiscountMinor, afterLine) : [];

  const lines: LineTotals[] = draft.lines.map((line, i) => {
    const netMinor = afterLine[i]! - ticketShares[i]!;
    const taxPpm = taxPpmFor(line.kind, draft.rates, line.taxClass);
    const taxMinor = taxOf(netMinor, taxPpm);
    return {
      grossMinor: gross[i]!,
      lineDiscountMinor: lineDiscounts[i]!,
      ticketDiscountMinor: ticketShares[i]!,
      discountMinor: lineDiscounts[i]! + ticketShares[i]!,
      netMinor,
      taxPpm,
      taxMinor,
      totalMinor: netMinor + taxMinor,
    };
  });

  let tip: TipResult | null = null;
  if (draft.tip) {
    const serviceLines = draft.lines
      .map((line, i) => ({ line, grossMinor: gross[i]! }))
      .filter(({ line }) => LINE_KIND_RULES[line.kind].tipBase)
      .map(({ line, grossMinor }) => ({ staffId: line.staffId, grossMinor }));
    const outcome = computeTip(draft.tip, serviceLines);
    if (!outcome.ok) return { ok: false, problems: [{ field: outcome.field, message: outcome.message }] };
    tip = outcome.tip;
  }

  const subtotalMinor = gross.reduce((a, b) => a + b, 0);
  const discountMinor = lines.reduce((a, l) => a + l.discountMinor, 0);
  const taxMinor = lines.reduce((a, l) => a + l.taxMinor, 0);
  const tipMinor = tip?.amountMinor ?? 0;
  const totalMinor = subtotalMinor - discountMinor + taxMinor + tipMinor;
  if (totalMinor > MAX_TICKET_TOTAL_MINOR) {
    return { ok: false, problems: [{ field: 'lines', message: `make the ticket more than ${formatMinor(MAX_TICKET_TOTAL_MINOR)}` }] };
  }
  return { ok: true, totals: { lines, subtotalMinor, discountMinor, ticketDiscountMinor, taxMinor, tip, tipMinor, totalMinor } };
}
