import { PAYMENT_SUCCESS_KEY } from '../session/storage-keys';

export interface PaymentSuccessState {
  isOpen: boolean;
  /** Amount paid in cents. */
  amount: number;
}

export const CLOSED: PaymentSuccessState = { isOpen: false, amount: 0 };

/**
 * React-query keys refreshed when the confirmation closes (spec §4/§7): appointments, payments,
 * staff earnings, payroll history, sales history, saved payment methods. The staff earnings and
 * payroll history paths are not in the spec; these are the payroll service's
 * (`/api/staff/{id}/earnings`, `/api/payroll/history`).
 */
export const PAYMENT_REFRESH_QUERY_KEYS = [
  '/api/appointments',
  '/api/payments',
  '/api/staff',
  '/api/payroll/history',
  '/api/sales-history',
  '/api/saved-payment-methods',
] as const;

/** Whether a query key belongs to one of the refreshed resources (also their sub-paths). */
export function isPaymentRefreshKey(queryKey: readonly unknown[]): boolean {
  const head = queryKey[0];
  if (typeof head !== 'string') return false;
  return PAYMENT_REFRESH_QUERY_KEYS.some((k) => head === k || head.startsWith(`${k}/`) || head.startsWith(`${k}?`));
}

export function parsePaymentSuccess(raw: string | null): PaymentSuccessState {
  if (!raw) return CLOSED;
  try {
    const v = JSON.parse(raw) as Partial<PaymentSuccessState>;
    if (typeof v.isOpen !== 'boolean') return CLOSED;
    return { isOpen: v.isOpen, amount: typeof v.amount === 'number' && Number.isFinite(v.amount) ? v.amount : 0 };
  } catch {
    return CLOSED;
  }
}

export function readPaymentSuccess(store: Pick<Storage, 'getItem'> | null = session()): PaymentSuccessState {
  try {
    return parsePaymentSuccess(store?.getItem(PAYMENT_SUCCESS_KEY) ?? null);
  } catch {
    return CLOSED;
  }
}

export function writePaymentSuccess(state: PaymentSuccessState, store: Pick<Storage, 'setItem'> | null = session()): void {
  try {
    store?.setItem(PAYMENT_SUCCESS_KEY, JSON.stringify(state));
  } catch {
    /* ignore */
  }
}

function session(): Storage | null {
  try {
    return typeof window !== 'undefined' ? window.sessionStorage : null;
  } catch {
    return null;
  }
}
