import { PERMISSION_CATALOG } from '@salon/contracts/permissions';
import { CARD_BRAND_WORDS } from '@salon/contracts/retail';
import type { TicketDiscountInput, TicketFieldsFragment, TicketLineInput, TipInput } from '../../gql/graphql';
import { formatCents } from '../../lib/format';
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
  | { kind: 'add-item'; itemKind: 'product' | 'fee'; name: string; unitPriceMinor: number; reason?: string }
  | { kind: 'discount'; lineId: string; discount: TicketDiscountInput | null }
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
    case 'discount':
      return list.map((l) => (l.id === edit.lineId ? { ...l, discount: edit.discount } : l));
    case 'add-service':
      return [...list, { serviceId: edit.serviceId, staffId: edit.staffId, quantity: 1 }];
    case 'add-product': {
      // A second scan of the same product adds one to its line rather than a line per unit.
      const same = lines.find((l) => l.productId === edit.productId && !l.discount);
      if (same) return list.map((l) => (l.id === same.id ? { ...l, quantity: (l.quantity ?? 1) + 1 } : l));
      return [...list, { productId: edit.productId, quantity: 1 }];
    }
    case 'add-item': {
      // A fee says why it is charged: the client reads the reason on the receipt.
      const reason = edit.itemKind === 'fee' ? edit.reason?.trim() : undefined;
      return [
        ...list,
        { kind: edit.itemKind, name: edit.name.trim(), unitPriceMinor: edit.unitPriceMinor, quantity: 1, ...(reason ? { reason } : {}) },
      ];
    }
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

/** The percentage a discount takes off `ofMinor` (an amount is measured against it), or null when unknown. */
export function discountPercent(input: TicketDiscountInput, ofMinor: number): number | null {
  if (input.type === 'percent') return input.percent ?? null;
  if (ofMinor <= 0 || !input.amountMinor) return null;
  return (input.amountMinor / ofMinor) * 100;
}

/**
 * Why the desk may not give this discount itself (above the location's limit without the "Discount
 * above the limit" permission), or null. The server judges it again; this only saves a refused trip.
 */
export function discountOverLimit(input: TicketDiscountInput, ofMinor: number, limit: number | null, canExceed: boolean): string | null {
  if (canExceed || limit === null) return null;
  const percent = discountPercent(input, ofMinor);
  if (percent === null || percent <= limit + 1e-9) return null;
  return `A discount above ${limit}% needs a manager (the “${permissionLabel('apply_large_discounts')}” permission)`;
}

function permissionLabel(name: string): string {
  return PERMISSION_CATALOG.find((p) => p.name === name)?.label ?? name;
}

/** The server's refusal in the desk's words: a permission by the label the settings show, not its key. */
export function readableRefusal(message: string): string {
  return message.replace(/\bthe ([a-z_]+) permission\b/g, (whole, name: string) => {
    const label = PERMISSION_CATALOG.find((p) => p.name === name)?.label;
    return label ? `the “${label}” permission` : whole;
  });
}

export interface TipPerson {
  staffId: string | null;
  name: string;
  /** Their share as it stands (the server's split). */
  amountMinor: number;
}

/** Who a tip can go to: everyone with a share now, then the other performers of service lines, in ticket order. */
export function tipPeople(ticket: Pick<TicketFieldsFragment, 'lines' | 'tip'>): TipPerson[] {
  const people: TipPerson[] = (ticket.tip?.split ?? []).map((s) => ({
    staffId: s.staffId ?? null,
    name: s.staffName ?? (s.staffId ? 'Staff member' : 'Unassigned'),
    amountMinor: s.amountMinor,
  }));
  for (const l of ticket.lines) {
    if (l.kind !== 'service' || !l.staffId || people.some((p) => p.staffId === l.staffId)) continue;
    people.push({ staffId: l.staffId, name: l.staffName ?? 'Staff member', amountMinor: 0 });
  }
  return people;
}

export type HandSplit =
  | { ok: true; assignedMinor: number; leftMinor: number; split: { staffId: string | null; amountMinor: number }[] }
  | { ok: false; assignedMinor: number; leftMinor: number; message: string };

/**
 * A tip split typed by hand (dollars per person, blank = nothing): what is assigned, what is left
 * to assign, and the split to send once the shares add up to the tip to the cent.
 */
export function handSplit(tipMinor: number, people: readonly { staffId: string | null; name: string; text: string }[]): HandSplit {
  let assignedMinor = 0;
  const split: { staffId: string | null; amountMinor: number }[] = [];
  let unreadable: string | null = null;
  for (const p of people) {
    const text = p.text.trim();
    const minor = text === '' ? 0 : dollarsToMinor(text);
    if (minor === null || minor < 0) {
      unreadable ??= `${p.name}: enter the share in dollars, such as 10 or 12.50`;
      continue;
    }
    assignedMinor += minor;
    split.push({ staffId: p.staffId, amountMinor: minor });
  }
  const leftMinor = tipMinor - assignedMinor;
  if (unreadable) return { ok: false, assignedMinor, leftMinor, message: unreadable };
  if (leftMinor !== 0)
    return {
      ok: false,
      assignedMinor,
      leftMinor,
      message: `The shares add up to ${formatCents(assignedMinor)}, not the tip’s ${formatCents(tipMinor)}: ${
        leftMinor > 0 ? `${formatCents(leftMinor)} left to assign` : `${formatCents(-leftMinor)} too much`
      }`,
    };
  return { ok: true, assignedMinor, leftMinor, split };
}

/** The tip as it is (a percentage or an amount), with a split by hand or back to proportional (no split). */
export function tipWithSplit(
  tip: NonNullable<TicketFieldsFragment['tip']>,
  split: { staffId: string | null; amountMinor: number }[] | null,
): TipInput {
  const base: TipInput = tip.mode === 'percent' && tip.percent != null ? { percent: tip.percent } : { amountMinor: tip.amountMinor };
  return split ? { ...base, split } : base;
}

/** "Visa •••• 4242" for a card whose brand and last four are known (as the receipt says it), else the method's words. */
export function tenderLabel(methodWords: string, cardBrand: string | null | undefined, cardLast4: string | null | undefined): string {
  if (!cardLast4 || !/^[0-9]{4}$/.test(cardLast4)) return methodWords;
  const brand = cardBrand ? (CARD_BRAND_WORDS[cardBrand.toLowerCase()] ?? cardBrand) : methodWords;
  return `${brand} •••• ${cardLast4}`;
}
