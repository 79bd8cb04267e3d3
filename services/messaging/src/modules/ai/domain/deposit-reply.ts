import { DateTime } from 'luxon';
import { formatMoney } from './guards.js';

export interface DepositDue {
  amountMinor: number;
  currency: string;
  /** Instant by which the deposit must be paid, or the held time is released. */
  dueAt: string;
}

/**
 * The reply to a booking scheduling only held for a deposit: never "booked". The client is told the
 * time is held, what the deposit is, until when, and where to pay it. Written here, not by the model
 * (and replacing the draft's words), so no reply ever calls a held time booked.
 */
export function heldForDepositText(input: { description: string; deposit: DepositDue; zone: string; link: string }): string {
  const due = DateTime.fromISO(input.deposit.dueAt, { zone: input.zone }).toFormat("cccc d LLLL 'at' h:mm a");
  return (
    `Not booked yet: ${input.description} is held for you until ${due}. ` +
    `A deposit of ${formatMoney(input.deposit.amountMinor, input.deposit.currency)} confirms it; pay it here: ${input.link}`
  );
}

/** The hand-over reason when a held booking's deposit has no payment link the assistant can text. */
export function depositHandoverReason(input: { description: string; deposit: DepositDue; zone: string }): string {
  const due = DateTime.fromISO(input.deposit.dueAt, { zone: input.zone }).toFormat("cccc d LLLL 'at' h:mm a");
  return (
    `${input.description} is only held until ${due}: it needs a deposit of ${formatMoney(input.deposit.amountMinor, input.deposit.currency)} ` +
    'and no payment link could be made to text; staff must take the deposit or tell the client'
  );
}
