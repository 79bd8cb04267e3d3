import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../../lib/api-client';
import { formatCents } from '../../lib/format';
import { Dialog } from '../clients/Dialog';
import { CardEntry } from './CardEntry';
import { cardFeesText, depositApi, isSettled, type BookingDepositView, type CardPolicy } from './deposit-api';

interface Props {
  appointmentId: string;
  amountMinor: number;
  /** `card`: only a card is saved on file (nothing charged); `deposit`: money is taken. */
  kind?: 'deposit' | 'card';
  /** The location requires a card online: the fees it may be charged later. */
  cardPolicy?: CardPolicy | null;
  /** Paid (`held`) or the card saved (`card_saved`): the booking stands. Otherwise nothing was taken and the time was released, with why. */
  onSettled(deposit: BookingDepositView | null, problem: string | null): void;
}

/**
 * The deposit of a booking, in the card modal (spec §1): the card is typed in the card provider's
 * page (locally the Stripe peer's, in a frame), never in ours. The booking holds the time until
 * the deposit is paid; the page then reads the deposit until retail has settled it (booked and
 * captured, or declined and released).
 */
export function DepositPayment({ appointmentId, amountMinor, kind = 'deposit', cardPolicy = null, onSettled }: Props) {
  const [deposit, setDeposit] = useState<BookingDepositView | null>(null);
  const [waiting, setWaiting] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const done = useRef(false);

  const finish = (d: BookingDepositView | null, message: string | null = null) => {
    if (done.current) return;
    done.current = true;
    const ok = d?.status === 'held' || d?.status === 'card_saved';
    onSettled(d, message ?? (d && !ok ? (d.failureReason ?? (kind === 'card' ? 'No card was saved' : 'The deposit was not paid')) : null));
  };

  useEffect(() => {
    let stop = false;
    depositApi
      .start(appointmentId)
      .then((d) => {
        if (stop) return;
        if (isSettled(d.status)) finish(d);
        else setDeposit(d);
      })
      .catch((e: unknown) => !stop && finish(null, e instanceof ApiError ? e.message : 'The deposit could not be started'));
    return () => {
      stop = true;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [appointmentId]);

  // Read the deposit until it is settled: the processor's word (webhook or read) decides, not the page.
  useEffect(() => {
    if (!deposit) return;
    let stop = false;
    const poll = async () => {
      while (!stop && !done.current) {
        await new Promise((r) => setTimeout(r, 1000));
        try {
          const d = await depositApi.read(deposit.id);
          if (isSettled(d.status)) return finish(d);
        } catch {
          // A blip: read again.
        }
      }
    };
    void poll();
    return () => {
      stop = true;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [deposit?.id]);

  useEffect(() => {
    const modal = deposit?.cardModal;
    if (modal?.kind !== 'hosted_page') return;
    const origin = new URL(modal.url).origin;
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== origin) return;
      const data = event.data as { source?: string; status?: string; message?: string } | null;
      if (data?.source !== 'stripe-peer') return;
      if (data.status === 'failed') setProblem(data.message ?? 'The card was declined');
      setWaiting(true);
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [deposit?.cardModal]);

  const modal = deposit?.cardModal;
  const card = kind === 'card';
  return (
    <Dialog
      title={card ? 'Card to hold your appointment' : `Deposit · ${formatCents(amountMinor)}`}
      onClose={() =>
        setProblem(
          card
            ? 'Your time is held until you add a card (or for 15 minutes).'
            : 'Your time is held until you pay the deposit (or for 15 minutes).',
        )
      }
      wide
      testId="deposit-modal"
    >
      {card ? (
        <p className="muted" data-testid="card-hold-note">
          A card is required to hold your appointment. You won’t be charged now. {cardPolicy ? cardFeesText(cardPolicy) : ''}
        </p>
      ) : (
        <p className="muted">
          This booking asks for a deposit of {formatCents(amountMinor)}. It is taken off your bill when you check out; the cancellation
          policy says when it is refunded.
          {cardPolicy ? ` The card is kept on file: ${cardFeesText(cardPolicy)}` : ''}
        </p>
      )}
      <CardEntry modal={modal} problem={problem} waiting={waiting} onDone={() => setWaiting(true)} onError={setProblem} />
    </Dialog>
  );
}
