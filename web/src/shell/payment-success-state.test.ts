import { describe, expect, it } from 'vitest';
import { CLOSED, isPaymentRefreshKey, parsePaymentSuccess, readPaymentSuccess, writePaymentSuccess } from './payment-success-state';

describe('payment success state', () => {
  it('round-trips through session storage under its key', () => {
    const m = new Map<string, string>();
    const store = { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v) };
    writePaymentSuccess({ isOpen: true, amount: 4599 }, store);
    expect([...m.keys()]).toEqual(['paymentSuccessState']);
    expect(readPaymentSuccess(store)).toEqual({ isOpen: true, amount: 4599 });
  });
  it('treats missing or broken state as closed', () => {
    expect(parsePaymentSuccess(null)).toEqual(CLOSED);
    expect(parsePaymentSuccess('{oops')).toEqual(CLOSED);
    expect(parsePaymentSuccess('{"amount":5}')).toEqual(CLOSED);
  });
  it('refreshes the six resources after closing', () => {
    for (const k of [
      '/api/appointments',
      '/api/payments',
      '/api/staff',
      '/api/payroll/history',
      '/api/sales-history',
      '/api/saved-payment-methods',
    ]) {
      expect(isPaymentRefreshKey([k])).toBe(true);
    }
    expect(isPaymentRefreshKey(['/api/appointments/123'])).toBe(true);
    expect(isPaymentRefreshKey(['/api/locations'])).toBe(false);
    expect(isPaymentRefreshKey([42])).toBe(false);
  });
});
