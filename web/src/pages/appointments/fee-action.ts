/** The calendar's no-show / late-cancel fee action (retail's `cancellationFee`): what it says. Pure. */
import { formatCents } from '../../lib/format';

export interface FeeLike {
  status: string;
  kind?: string | null;
  amountMinor?: number | null;
  card?: { brand: string; last4: string } | null;
}

/** Only these statuses can carry a fee; the panel asks retail for nothing else. */
export const mayCarryFee = (status: string): boolean => status === 'no-show' || status === 'cancelled';

const WHAT: Record<string, string> = { no_show: 'no-show fee', late_cancel: 'late-cancel fee' };

/** "Charge no-show fee $25.00", or null when there is nothing to charge. */
export function feeActionLabel(fee: FeeLike | null | undefined): string | null {
  if (!fee || fee.status !== 'chargeable' || !fee.kind || fee.amountMinor == null) return null;
  return `Charge ${WHAT[fee.kind] ?? 'fee'} ${formatCents(fee.amountMinor)}`;
}

const brandName = (brand: string) => (brand ? brand[0]!.toUpperCase() + brand.slice(1) : 'Card');

/** Under the action: the card it goes to, or why it cannot be charged from here. */
export function feeCardNote(fee: FeeLike): string {
  return fee.card
    ? `Charged to the card on file (${brandName(fee.card.brand)} ending ${fee.card.last4}).`
    : 'No card on file: take the fee at the desk, or save a card on the client’s profile first.';
}
