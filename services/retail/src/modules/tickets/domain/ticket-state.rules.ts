import type { AppointmentStatus, TicketStatus } from '@salon/contracts';
import { formatMinor } from './money.rules.js';

/**
 * What a ticket's state allows. Closed tickets are immutable: a correction is a refund or a new
 * ticket. Voided tickets are history. An open ticket can change, but never below what its
 * tenders already captured.
 */
export function editRefusal(ticket: { status: TicketStatus; number: number }): string | null {
  if (ticket.status === 'closed') return `Ticket #${ticket.number} is closed: correct it with a refund or a new ticket`;
  if (ticket.status === 'voided') return `Ticket #${ticket.number} was voided`;
  return null;
}

/** A change may not bring the total under what has been paid: refund first. */
export function totalBelowPaid(totalMinor: number, paidMinor: number): string | null {
  return totalMinor < paidMinor
    ? `would bring the total to ${formatMinor(totalMinor)}, under the ${formatMinor(paidMinor)} already paid: refund first`
    : null;
}

/** Only an open ticket nothing has been paid on can be voided (a paid one is refunded instead). */
export function voidRefusal(ticket: { status: TicketStatus; number: number; paidMinor: number }): string | null {
  const locked = editRefusal(ticket);
  if (locked) return locked;
  if (ticket.paidMinor > 0)
    return `Ticket #${ticket.number} has ${formatMinor(ticket.paidMinor)} paid: refund the payments before voiding it`;
  return null;
}

/** An appointment is checked out unless it was cancelled or the client did not come (a no-show fee is charged separately). */
export function checkoutRefusal(status: AppointmentStatus | string): string | null {
  if (status === 'cancelled') return 'was cancelled';
  if (status === 'no-show') return 'is a no-show';
  return null;
}
