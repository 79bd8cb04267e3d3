import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useApolloClient } from '@apollo/client/react';
import { useQueryClient } from '@tanstack/react-query';
import { formatCents } from '../lib/format';
import { CLOSED, isPaymentRefreshKey, readPaymentSuccess, writePaymentSuccess, type PaymentSuccessState } from './payment-success-state';

interface PaymentSuccessValue {
  state: PaymentSuccessState;
  /** Show the full-screen confirmation for an amount in cents. */
  show(amountInCents: number): void;
  close(): void;
}

const PaymentSuccessContext = createContext<PaymentSuccessValue | null>(null);

export function PaymentSuccessProvider({ children }: { children: ReactNode }) {
  const qc = useQueryClient();
  const apollo = useApolloClient();
  const [state, setState] = useState<PaymentSuccessState>(() => readPaymentSuccess());
  const show = useCallback((amountInCents: number) => {
    const next = { isOpen: true, amount: Math.round(amountInCents) };
    writePaymentSuccess(next);
    setState(next);
  }, []);
  const close = useCallback(() => {
    writePaymentSuccess(CLOSED);
    setState(CLOSED);
    void qc.invalidateQueries({ predicate: (q) => isPaymentRefreshKey(q.queryKey) });
    // The screens read appointments, tickets and payments over GraphQL: what is on screen is asked again too.
    void apollo.refetchQueries({ include: 'active' });
  }, [qc, apollo]);
  const value = useMemo(() => ({ state, show, close }), [state, show, close]);
  return (
    <PaymentSuccessContext.Provider value={value}>
      {children}
      {state.isOpen && <PaymentSuccessScreen amount={state.amount} onClose={close} />}
    </PaymentSuccessContext.Provider>
  );
}

export function usePaymentSuccess(): PaymentSuccessValue {
  const v = useContext(PaymentSuccessContext);
  if (!v) throw new Error('usePaymentSuccess must be used inside PaymentSuccessProvider');
  return v;
}

/**
 * Full screen over the app: the keyboard stays on its one button (Tab cannot reach the page behind),
 * and the focus goes back to where it was when it opened. It stays open until Close Window is pressed
 * (spec §4), so a stray Escape does not dismiss the confirmation: Enter or Space on the focused
 * button closes it.
 */
export function PaymentSuccessScreen({ amount, onClose }: { amount: number; onClose: () => void }) {
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    button.current?.focus();
    return () => {
      if (previous?.isConnected) previous.focus?.();
    };
  }, []);
  return (
    <div
      className="payment-success"
      role="dialog"
      aria-modal="true"
      aria-labelledby="payment-success-title"
      data-testid="payment-success"
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.preventDefault();
        } else if (e.key === 'Tab') {
          e.preventDefault();
          button.current?.focus();
        }
      }}
    >
      <div className="payment-success-card">
        <div className="payment-success-check" aria-hidden="true">
          <svg viewBox="0 0 24 24" width="48" height="48">
            <path
              d="M5 12.5l4.5 4.5L19 7.5"
              fill="none"
              stroke="currentColor"
              strokeWidth="2.5"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
        </div>
        <h1 id="payment-success-title">Payment successful</h1>
        <p className="payment-success-amount" data-testid="payment-success-amount">
          {formatCents(amount)}
        </p>
        <p className="muted">The payment was received and the appointment is marked as paid.</p>
        <button ref={button} type="button" className="btn btn-primary btn-lg" onClick={onClose}>
          Close Window
        </button>
      </div>
    </div>
  );
}
