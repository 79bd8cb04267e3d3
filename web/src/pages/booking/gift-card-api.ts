import type { BuyGiftCardOnlineInput, OnlineGiftCardOrderView } from '@salon/contracts';
import { api } from '../../lib/api-client';

export type { OnlineGiftCardOrderView };

const open = { sessionCall: false } as const;

/** A gift card bought from the booking page (retail, public: the order's id is the credential). */
export const giftCardApi = {
  buy: (input: BuyGiftCardOnlineInput) => api.post<OnlineGiftCardOrderView>('/api/online-gift-cards', input, open),
  read: (id: string) => api.get<OnlineGiftCardOrderView>(`/api/online-gift-cards/${encodeURIComponent(id)}`, open),
};

/** Today as a calendar date in a zone (the location's: the delivery day is the recipient's day there). */
export function todayIn(zone: string, now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/** Dollars as typed ("50", "49.99") to minor units; null when it is not an amount. */
export function dollarsToMinor(typed: string): number | null {
  if (!/^\d{1,6}(\.\d{1,2})?$/.test(typed.trim())) return null;
  return Math.round(Number(typed.trim()) * 100);
}
