import { useEffect, useRef, useState } from 'react';
import { useApolloClient, useMutation } from '@apollo/client/react';
import { formatCents } from '../../lib/format';
import { Dialog } from '../clients/Dialog';
import { CANCEL_PAYMENT, TICKET } from './pos-gql';

export type CardModalInfo =
  { kind: 'hosted_page'; url: string } | { kind: 'payment_element'; publishableKey: string; clientSecret: string };

interface Props {
  ticketId: string;
  paymentId: string;
  amountMinor: number;
  modal: CardModalInfo;
  /** The tender is final (succeeded, failed or cancelled); `closedTotalMinor` when it closed the ticket. */
  onFinished(outcome: { status: string; reason: string | null; closedTotalMinor: number | null }): void;
}

/** What the hosted page (on the Stripe peer's origin) tells its parent when the client is done. */
interface PeerMessage {
  source: 'stripe-peer';
  status: 'succeeded' | 'failed';
  message: string;
  id: string;
}

/**
 * The card payment modal (spec §1): the client types the card in a page of the card provider's,
 * never in ours. Locally that is the Stripe peer's hosted page in a frame; with real keys, Stripe's
 * Payment Element. The tender counts only once Stripe's webhook says so: after the page says it is
 * done, the ticket is read again until the tender is no longer pending.
 */
export function CardPaymentModal({ ticketId, paymentId, amountMinor, modal, onFinished }: Props) {
  const client = useApolloClient();
  const [cancel] = useMutation(CANCEL_PAYMENT);
  const [problem, setProblem] = useState<string | null>(null);
  const [waiting, setWaiting] = useState(false);
  const finished = useRef(false);

  const finish = async () => {
    setWaiting(true);
    // The webhook may land a moment after the page says it is done (Stripe retries late deliveries):
    // read the ticket until it has, every half second for 20 s, then every 2 s up to two minutes.
    for (let attempt = 0; attempt < 90 && !finished.current; attempt++) {
      const { data } = await client.query({ query: TICKET, variables: { id: ticketId }, fetchPolicy: 'network-only' });
      const payment = data?.ticket?.payments.find((p) => p.id === paymentId);
      if (payment && payment.status !== 'pending') {
        finished.current = true;
        const closed = data?.ticket?.status === 'closed' ? data.ticket.totalMinor : null;
        onFinished({ status: payment.status, reason: payment.failureReason ?? null, closedTotalMinor: closed });
        return;
      }
      await new Promise((r) => setTimeout(r, attempt < 40 ? 500 : 2_000));
    }
    setWaiting(false);
  };

  useEffect(() => {
    if (modal.kind !== 'hosted_page') return;
    const origin = new URL(modal.url).origin;
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== origin) return;
      const data = event.data as PeerMessage | null;
      if (data?.source !== 'stripe-peer') return;
      if (data.status === 'failed') setProblem(data.message);
      void finish();
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [modal]);

  const close = async () => {
    if (finished.current) return;
    finished.current = true;
    try {
      const res = await cancel({ variables: { paymentId } });
      const status = res.data?.cancelPayment.payment.status ?? 'canceled';
      const t = res.data?.cancelPayment.ticket;
      onFinished({ status, reason: null, closedTotalMinor: t?.status === 'closed' ? t.totalMinor : null });
    } catch {
      // Stripe finished it first: what the ticket says decides.
      finished.current = false;
      await finish();
    }
  };

  return (
    <Dialog title={`Card payment · ${formatCents(amountMinor)}`} onClose={() => void close()} wide testId="card-modal">
      {problem && (
        <p role="alert" className="alert alert-error">
          {problem}
        </p>
      )}
      {modal.kind === 'hosted_page' ? (
        <iframe
          className="pos-card-frame"
          title="Card details (secure payment page)"
          src={`${modal.url}&origin=${encodeURIComponent(window.location.origin)}`}
          data-testid="card-frame"
        />
      ) : (
        <PaymentElement
          publishableKey={modal.publishableKey}
          clientSecret={modal.clientSecret}
          onDone={() => void finish()}
          onError={setProblem}
        />
      )}
      <p className="muted small" aria-live="polite">
        {waiting
          ? 'Waiting for the card processor to confirm…'
          : 'The card number is typed in the payment provider’s page; it never reaches this app.'}
      </p>
      <div className="form-actions">
        <button type="button" className="btn btn-secondary" onClick={() => void close()}>
          Cancel card payment
        </button>
      </div>
    </Dialog>
  );
}

interface StripeJs {
  elements(options: { clientSecret: string }): { create(kind: 'payment'): { mount(node: HTMLElement): void; destroy(): void } };
  confirmPayment(options: { elements: unknown; redirect: 'if_required' }): Promise<{ error?: { message?: string } }>;
}
declare global {
  interface Window {
    Stripe?: (key: string) => StripeJs;
  }
}

/** Stripe.js loaded from Stripe (CSP allows js.stripe.com), never bundled. */
function loadStripe(): Promise<NonNullable<Window['Stripe']>> {
  if (window.Stripe) return Promise.resolve(window.Stripe);
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = 'https://js.stripe.com/v3';
    script.onload = () => (window.Stripe ? resolve(window.Stripe) : reject(new Error('Stripe.js did not load')));
    script.onerror = () => reject(new Error('Stripe.js could not be loaded'));
    document.head.appendChild(script);
  });
}

/** With real keys: Stripe's Payment Element, confirmed in place (no redirect unless the card needs one). */
export function PaymentElement({
  publishableKey,
  clientSecret,
  onDone,
  onError,
}: {
  publishableKey: string;
  clientSecret: string;
  onDone(): void;
  onError(message: string): void;
}) {
  const node = useRef<HTMLDivElement>(null);
  const state = useRef<{ stripe: StripeJs; elements: unknown } | null>(null);
  useEffect(() => {
    let element: { destroy(): void } | null = null;
    loadStripe()
      .then((Stripe) => {
        const stripe = Stripe(publishableKey);
        const elements = stripe.elements({ clientSecret });
        const payment = elements.create('payment');
        if (node.current) payment.mount(node.current);
        element = payment;
        state.current = { stripe, elements };
      })
      .catch((e: Error) => onError(e.message));
    return () => element?.destroy();
  }, [publishableKey, clientSecret, onError]);
  const submit = async () => {
    if (!state.current) return;
    const { error } = await state.current.stripe.confirmPayment({ elements: state.current.elements, redirect: 'if_required' });
    if (error) onError(error.message ?? 'The card was not charged');
    else onDone();
  };
  return (
    <div>
      <div ref={node} />
      <button type="button" className="btn btn-primary" onClick={() => void submit()}>
        Pay
      </button>
    </div>
  );
}
