import type { TenderMethod, TicketStatus } from '@salon/contracts';
import { AppError } from '@salon/nest-kit';
import { formatMinor } from '../../tickets/domain/money.rules.js';

/**
 * What each way of paying means to the checkout. The next issue adds gift cards and package
 * credit as entries here; phase 2 turns the card methods on (Stripe's hosted modal, the terminal,
 * a saved card), each with the provider's own confirmation before a payment counts.
 */
export interface TenderRule {
  /** Taken by this service today. */
  available: boolean;
  /** Money can be handed over beyond the amount (cash): the difference is change due. */
  givesChange: boolean;
  label: string;
}

export const TENDER_RULES: Readonly<Record<TenderMethod, TenderRule>> = {
  cash: { available: true, givesChange: true, label: 'Cash' },
  card: { available: false, givesChange: false, label: 'Card' },
  terminal: { available: false, givesChange: false, label: 'Card terminal' },
  card_on_file: { available: false, givesChange: false, label: 'Card on file' },
};

export const CARD_PAYMENTS_PENDING = 'Card payments arrive with Stripe; take this payment in cash for now';

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
  ticket: { status: TicketStatus; number: number; totalMinor: number; paidMinor: number },
  tender: TenderAsked,
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
  if (!rule.available) return { ok: false, kind: 'unavailable', field: 'method', message: CARD_PAYMENTS_PENDING };
  const balance = ticket.totalMinor - ticket.paidMinor;
  if (balance <= 0) return { ok: false, kind: 'state', field: 'amountMinor', message: `Ticket #${ticket.number} has nothing left to pay` };
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

/** A payment method the service does not take yet (the card methods until Stripe): 422 naming the method. */
export class TenderUnavailableError extends AppError {
  readonly status = 422;
  readonly code = 'PAYMENT_METHOD_UNAVAILABLE';
  constructor() {
    super(CARD_PAYMENTS_PENDING);
  }
}
