/**
 * A closed ticket's receipt from what checkout recorded: the ticket's own totals (never recomputed
 * here), its tenders with the card's brand and last four digits at most, its refunds, and for a fee
 * line the reason recorded for it. Pure, so every rule is tested.
 */
import { CARD_BRAND_WORDS, type ReceiptTender, type ReceiptView, type TenderMethod, type TicketView } from '@salon/contracts';

export interface ReceiptPayment {
  method: TenderMethod;
  status: string;
  amountMinor: number;
  tenderedMinor: number | null;
  changeMinor: number;
  refundedMinor: number;
  cardBrand: string | null;
  cardLast4: string | null;
  createdAt: Date;
  refunds: readonly { amountMinor: number; reason: string; createdAt: Date }[];
}

export interface ReceiptPlace {
  businessName: string;
  locationName: string;
  locationAddress: string | null;
  locationPhone: string | null;
  timeZone: string;
}

const METHOD_WORDS: Record<TenderMethod, string> = {
  cash: 'Cash',
  card: 'Card',
  terminal: 'Card',
  card_on_file: 'Card on file',
  gift_card: 'Gift card',
  prepaid_credit: 'Membership or package credit',
};

/** Four digits or nothing: a longer or odd value is never shown. */
export function safeLast4(value: string | null): string | null {
  const v = value?.trim() ?? '';
  return /^[0-9]{4}$/.test(v) ? v : null;
}

/** "Visa •••• 4242", "Card •••• 4242", "Cash". */
export function tenderLabel(method: TenderMethod, brand: string | null, last4: string | null): string {
  const digits = safeLast4(last4);
  if (!digits) return METHOD_WORDS[method];
  const name = brand ? (CARD_BRAND_WORDS[brand.toLowerCase()] ?? brand.replace(/\s+/g, ' ').trim()) : METHOD_WORDS[method];
  return `${name} •••• ${digits}`;
}

export class ReceiptUnavailableError extends Error {}

/** Why a ticket has no receipt (a receipt is proof of a sale: only a closed ticket has one), or null. */
export function noReceiptReason(ticket: Pick<TicketView, 'status' | 'number'>): string | null {
  if (ticket.status === 'closed') return null;
  return ticket.status === 'voided'
    ? `Ticket #${ticket.number} was voided: it has no receipt`
    : `Ticket #${ticket.number} is not paid yet: it has a receipt once it closes`;
}

/**
 * The receipt of a closed ticket; an open or voided ticket has none (a receipt is proof of a sale).
 * A fee line typed at the desk carries its own reason; `feeReasons` are reasons recorded elsewhere
 * for the ticket's other fee lines (a kept deposit); a fee line without either reads its own name.
 */
export function buildReceipt(
  ticket: TicketView,
  payments: readonly ReceiptPayment[],
  place: ReceiptPlace,
  feeReasons: readonly string[],
): ReceiptView {
  const refusal = noReceiptReason(ticket);
  if (refusal || !ticket.closedAt) throw new ReceiptUnavailableError(refusal ?? `Ticket #${ticket.number} has no receipt`);
  const taken = payments.filter((p) => p.status === 'succeeded');
  let fee = 0;
  const tenders: (ReceiptTender & { at: Date })[] = taken.map((p) => {
    const last4 = safeLast4(p.cardLast4);
    return {
      method: p.method,
      label: tenderLabel(p.method, p.cardBrand, last4),
      cardBrand: last4 ? (p.cardBrand ?? null) : null,
      cardLast4: last4,
      amountMinor: p.amountMinor,
      tenderedMinor: p.tenderedMinor,
      changeMinor: p.changeMinor,
      refundedMinor: p.refundedMinor,
      paidAt: p.createdAt.toISOString(),
      at: p.createdAt,
    };
  });
  const refunds = taken
    .flatMap((p, i) => p.refunds.map((r) => ({ r, tender: tenders[i]!.label })))
    .sort((a, b) => a.r.createdAt.getTime() - b.r.createdAt.getTime())
    .map(({ r, tender }) => ({ amountMinor: r.amountMinor, reason: r.reason, tender, refundedAt: r.createdAt.toISOString() }));
  return {
    ticketId: ticket.id,
    ticketNumber: ticket.number,
    businessName: place.businessName,
    locationId: ticket.locationId,
    locationName: place.locationName,
    locationAddress: place.locationAddress,
    locationPhone: place.locationPhone,
    closedAt: ticket.closedAt,
    timeZone: place.timeZone,
    clientId: ticket.clientId,
    currency: ticket.currency,
    lines: ticket.lines.map((l) => ({
      kind: l.kind,
      name: l.name,
      quantity: l.quantity,
      unitPriceMinor: l.unitPriceMinor,
      performer: l.kind === 'service' ? l.staffName : null,
      grossMinor: l.grossMinor,
      discountMinor: l.discountMinor,
      discountReason: l.discount?.reason ?? null,
      taxMinor: l.taxMinor,
      totalMinor: l.totalMinor,
      feeReason: l.kind === 'fee' ? (l.reason ?? feeReasons[fee++] ?? l.name) : null,
    })),
    subtotalMinor: ticket.subtotalMinor,
    discountMinor: ticket.discountMinor,
    discountReason: ticket.discount?.reason ?? null,
    taxMinor: ticket.taxMinor,
    tipMinor: ticket.tipMinor,
    totalMinor: ticket.totalMinor,
    paidMinor: ticket.paidMinor,
    changeMinor: tenders.reduce((s, t) => s + t.changeMinor, 0),
    refundedMinor: ticket.refundedMinor,
    tenders: tenders.map(({ at: _at, ...t }) => t),
    refunds,
  };
}
