import type { BookingDepositView, CardPolicy, DepositRule } from '@salon/contracts';
import { formatCents } from '../../lib/format';
import { api } from '../../lib/api-client';

export type { BookingDepositView, CardPolicy };

const open = { sessionCall: false } as const;

/** The booking's deposit (retail, public: the ids are the credential). */
export const depositApi = {
  start: (appointmentId: string) => api.post<BookingDepositView>('/api/booking-deposits', { appointmentId }, open),
  read: (id: string) => api.get<BookingDepositView>(`/api/booking-deposits/${encodeURIComponent(id)}`, open),
};

/** What a deposit rule asks on a price, as the server works it out (fixed, capped at the price; percent rounded half up). */
export function depositOf(rule: DepositRule | null | undefined, priceMinor: number): number {
  if (!rule || priceMinor <= 0) return 0;
  if (rule.type === 'fixed') return Math.min(rule.amountMinor, priceMinor);
  return Math.min(priceMinor, Math.floor((priceMinor * rule.percent + 50) / 100));
}

/** The fees a card on file may be charged, in the location's policy's words (no fee set: not mentioned). */
export function cardFeesText(p: CardPolicy): string {
  const fees = [
    p.noShowFeeMinor ? `a no-show fee of ${formatCents(p.noShowFeeMinor)}` : null,
    p.lateCancelFeeMinor
      ? `a late-cancellation fee of ${formatCents(p.lateCancelFeeMinor)} if you cancel less than ${p.lateCancelHours} hours before`
      : null,
  ].filter(Boolean);
  return fees.length > 0 ? `It may be charged ${fees.join(', or ')}.` : 'It is only charged if the salon’s policy asks for a fee.';
}

/** The deposit is settled one way or the other (the page stops reading it). */
export function isSettled(status: BookingDepositView['status']): boolean {
  return status !== 'awaiting_payment' && status !== 'authorized';
}
