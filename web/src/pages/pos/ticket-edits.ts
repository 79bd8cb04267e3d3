import type { TicketDiscountInput, TicketFieldsFragment, TicketLineInput } from '../../gql/graphql';
import { dollarsToMinor } from '../services/money';

/**
 * The POS editor's changes, as the inputs the retail service takes. The server recomputes every
 * total from the lines; these only say what changed. Pure.
 */
export type TicketLine = TicketFieldsFragment['lines'][number];

/** The lines as they are: each by id, with its quantity, price, performer and discount. */
export function currentLines(lines: readonly TicketLine[]): TicketLineInput[] {
  return lines.map((l) => ({
    id: l.id,
    quantity: l.quantity,
    unitPriceMinor: l.unitPriceMinor,
    staffId: l.staffId,
    discount: l.discount ? discountInput(l.discount) : null,
  }));
}

export type LineEdit =
  | { kind: 'quantity'; lineId: string; quantity: number }
  | { kind: 'price'; lineId: string; unitPriceMinor: number }
  | { kind: 'remove'; lineId: string }
  | { kind: 'add-service'; serviceId: string; staffId: string | null }
  | { kind: 'add-product'; productId: string }
  | { kind: 'add-item'; itemKind: 'product' | 'fee'; name: string; unitPriceMinor: number }
  | { kind: 'add-gift-card'; amountMinor: number; cardCode: string | null }
  | { kind: 'add-plan'; planId: string };

/** The whole list after one edit (PATCH replaces the list). */
export function editLines(lines: readonly TicketLine[], edit: LineEdit): TicketLineInput[] {
  const list = currentLines(lines);
  switch (edit.kind) {
    case 'quantity':
      return list.map((l) => (l.id === edit.lineId ? { ...l, quantity: edit.quantity } : l));
    case 'price':
      return list.map((l) => (l.id === edit.lineId ? { ...l, unitPriceMinor: edit.unitPriceMinor } : l));
    case 'remove':
      return list.filter((l) => l.id !== edit.lineId);
    case 'add-service':
      return [...list, { serviceId: edit.serviceId, staffId: edit.staffId, quantity: 1 }];
    case 'add-product': {
      // A second scan of the same product adds one to its line rather than a line per unit.
      const same = lines.find((l) => l.productId === edit.productId && !l.discount);
      if (same) return list.map((l) => (l.id === same.id ? { ...l, quantity: (l.quantity ?? 1) + 1 } : l));
      return [...list, { productId: edit.productId, quantity: 1 }];
    }
    case 'add-item':
      return [...list, { kind: edit.itemKind, name: edit.name.trim(), unitPriceMinor: edit.unitPriceMinor, quantity: 1 }];
    case 'add-gift-card': {
      const cardCode = edit.cardCode?.trim() || undefined;
      return [
        ...list,
        { kind: 'gift_card', name: 'Gift card', unitPriceMinor: edit.amountMinor, quantity: 1, ...(cardCode ? { cardCode } : {}) },
      ];
    }
    case 'add-plan':
      return [...list, { planId: edit.planId, quantity: 1 }];
  }
}

/** A discount as the service answered it, as an input again (GraphQL's view has both fields). */
export function discountInput(d: {
  type: string;
  amountMinor?: number | null;
  percent?: number | null;
  reason: string;
}): TicketDiscountInput {
  return d.type === 'percent'
    ? { type: 'percent', percent: d.percent ?? 0, reason: d.reason }
    : { type: 'amount', amountMinor: d.amountMinor ?? 0, reason: d.reason };
}

export type DiscountForm = { type: 'amount' | 'percent'; value: string; reason: string };

/** The discount form → an input, or the problem to show: dollars for an amount, a percentage up to 100. */
export function discountFromForm(f: DiscountForm): { ok: true; input: TicketDiscountInput } | { ok: false; message: string } {
  if (!f.reason.trim()) return { ok: false, message: 'Give a reason for the discount' };
  if (f.type === 'amount') {
    const minor = dollarsToMinor(f.value);
    if (minor === null || minor <= 0) return { ok: false, message: 'Enter the discount in dollars, such as 5 or 7.50' };
    return { ok: true, input: { type: 'amount', amountMinor: minor, reason: f.reason.trim() } };
  }
  const percent = Number(f.value.trim().replace(/%$/, ''));
  if (!f.value.trim() || !Number.isFinite(percent) || percent <= 0 || percent > 100)
    return { ok: false, message: 'Enter a percentage between 0 and 100' };
  return { ok: true, input: { type: 'percent', percent: Math.round(percent * 100) / 100, reason: f.reason.trim() } };
}

/** Change due for cash: what was handed over beyond the amount; null while the amount handed over is short or unreadable. */
export function changeDue(amountMinor: number | null, tenderedMinor: number | null): number | null {
  if (amountMinor === null || tenderedMinor === null || tenderedMinor < amountMinor) return null;
  return tenderedMinor - amountMinor;
}

/** Quick cash amounts the desk taps: the exact amount, then the next notes up. */
export function quickCash(balanceMinor: number): number[] {
  const notes = [500, 1000, 2000, 5000, 10000];
  const ups = notes.map((n) => Math.ceil(balanceMinor / n) * n).filter((v) => v > balanceMinor);
  return [balanceMinor, ...[...new Set(ups)].sort((a, b) => a - b).slice(0, 3)];
}

/** One key per tender attempt: a retry of the same attempt (a double click, a dropped answer) sends the same key and pays once. */
export function newIdempotencyKey(): string {
  return `pos-${crypto.randomUUID()}`;
}

/** Which tip is on: a preset percentage, an amount, or none. */
export function activeTip(tip: TicketFieldsFragment['tip']): { preset: number | null; amountMinor: number | null } {
  if (!tip) return { preset: null, amountMinor: null };
  return tip.mode === 'percent' ? { preset: tip.percent ?? null, amountMinor: null } : { preset: null, amountMinor: tip.amountMinor };
}
