import type { TenderMethod, TicketStatus } from '@salon/contracts';
import { AppError } from '@salon/nest-kit';
import { formatMinor } from '../../tickets/domain/money.rules.js';

/**
 * What each way of paying means to the checkout. The next issue adds gift cards and package
 * credit as entries here. The card methods (Stripe's hosted modal, the terminal, a saved card)
 * start pending and count only once the processor says they succeeded.
 */
export interface TenderRule {
  /** Goes through the card processor (Stripe): pending until it confirms. */
  card: boolean;
  /** Money can be handed over beyond the amount (cash): the difference is change due. */
  givesChange: boolean;
  label: string;
}

export const TENDER_RULES: Readonly<Record<TenderMethod, TenderRule>> = {
  cash: { card: false, givesChange: true, label: 'Cash' },
  card: { card: true, givesChange: false, label: 'Card' },
  terminal: { card: true, givesChange: false, label: 'Card terminal' },
  card_on_file: { card: true, givesChange: false, label: 'Card on file' },
  // Prepaid value (modules/gift-cards, modules/memberships): taken at once from a balance or a session.
  gift_card: { card: false, givesChange: false, label: 'Gift card' },
  prepaid_credit: { card: false, givesChange: false, label: 'Membership or package credit' },
};

export const CARD_PAYMENTS_OFF = 'Card payments are not set up here (no Stripe key); take this payment in cash';

export interface TenderAsked {
  method: TenderMethod;
  amountMinor: number;
  tenderedMinor?: number;
}

export type TenderOutcome =
  | { ok: true; tenderedMinor: number | null; changeMinor: number; paidAfterMinor: number; closes: boolean }
  | { ok: false; kind: 'state' | 'unavailable' | 'input'; field: string; message: string };

/**
 * Whether a tender can be taken on a ticket, and what it does: the amount applies to the balance
 * (never more than the balance), cash may be handed over beyond it (change due = tendered −
 * amount), and the ticket closes when its balance reaches zero. Several tenders may share a ticket.
 */
export function checkTender(
  ticket: { status: TicketStatus; number: number; totalMinor: number; paidMinor: number; pendingMinor?: number },
  tender: TenderAsked,
  options: { cardsEnabled?: boolean } = {},
): TenderOutcome {
  if (ticket.status !== 'open') {
    return {
      ok: false,
      kind: 'state',
      field: 'ticketId',
      message: `Ticket #${ticket.number} is ${ticket.status}: nothing more can be paid on it`,
    };
  }
  const rule = TENDER_RULES[tender.method];
  if (rule.card && !options.cardsEnabled) return { ok: false, kind: 'unavailable', field: 'method', message: CARD_PAYMENTS_OFF };
  // A card payment still waiting for Stripe holds its part of the balance, so two tenders never pay the same cents.
  const pending = ticket.pendingMinor ?? 0;
  const balance = ticket.totalMinor - ticket.paidMinor - pending;
  if (balance <= 0) {
    const message =
      pending > 0
        ? `Ticket #${ticket.number} has ${formatMinor(pending)} waiting on a card payment; cancel it to pay another way`
        : `Ticket #${ticket.number} has nothing left to pay`;
    return { ok: false, kind: 'state', field: 'amountMinor', message };
  }
  if (tender.amountMinor > balance) {
    return { ok: false, kind: 'input', field: 'amountMinor', message: `is more than the ${formatMinor(balance)} still to pay` };
  }
  let tenderedMinor: number | null = null;
  if (tender.tenderedMinor !== undefined) {
    if (!rule.givesChange)
      return { ok: false, kind: 'input', field: 'tenderedMinor', message: `only cash is handed over; ${rule.label} pays the amount` };
    if (tender.tenderedMinor < tender.amountMinor) {
      return { ok: false, kind: 'input', field: 'tenderedMinor', message: `must cover the ${formatMinor(tender.amountMinor)} being paid` };
    }
    tenderedMinor = tender.tenderedMinor;
  } else if (rule.givesChange) tenderedMinor = tender.amountMinor;
  const paidAfterMinor = ticket.paidMinor + tender.amountMinor;
  return {
    ok: true,
    tenderedMinor,
    changeMinor: tenderedMinor === null ? 0 : tenderedMinor - tender.amountMinor,
    paidAfterMinor,
    closes: paidAfterMinor === ticket.totalMinor,
  };
}

/** A payment method not set up here (the card methods without a Stripe key): 422 naming the method. */
export class TenderUnavailableError extends AppError {
  readonly status = 422;
  readonly code = 'PAYMENT_METHOD_UNAVAILABLE';
  constructor(message = CARD_PAYMENTS_OFF) {
    super(message);
  }
}
