import type { CardModal } from '@salon/contracts';
import { PaymentElement } from '../pos/CardPaymentModal';

/**
 * The body of an online card payment (a deposit, a gift card): what went wrong, the card provider's
 * own page (or its Payment Element), and whether the processor's answer is awaited. The card number
 * is typed there and never reaches this app.
 */
export function CardEntry({
  modal,
  problem,
  waiting,
  onDone,
  onError,
}: {
  modal: CardModal | null | undefined;
  problem: string | null;
  waiting: boolean;
  onDone(): void;
  onError(message: string): void;
}) {
  return (
    <>
      {problem && (
        <p role="alert" className="alert alert-error">
          {problem}
        </p>
      )}
      {!modal && <p aria-live="polite">Opening the secure payment page…</p>}
      {modal?.kind === 'hosted_page' && (
        <iframe
          className="pos-card-frame bk-deposit-frame"
          title="Card details (secure payment page)"
          src={`${modal.url}&origin=${encodeURIComponent(window.location.origin)}`}
          data-testid="card-frame"
        />
      )}
      {modal?.kind === 'payment_element' && (
        <PaymentElement publishableKey={modal.publishableKey} clientSecret={modal.clientSecret} onDone={onDone} onError={onError} />
      )}
      <p className="muted small" aria-live="polite">
        {waiting
          ? 'Waiting for the card processor to confirm…'
          : 'The card number is typed in the payment provider’s page; it never reaches this app.'}
      </p>
    </>
  );
}
