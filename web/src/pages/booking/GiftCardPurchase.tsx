import type { PublicLocation } from '@salon/contracts';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { ApiError } from '../../lib/api-client';
import { formatCents } from '../../lib/format';
import { Dialog } from '../clients/Dialog';
import { CardEntry } from './CardEntry';
import { dollarsToMinor, giftCardApi, todayIn, type OnlineGiftCardOrderView } from './gift-card-api';

const PRESETS = [2500, 5000, 10000];

/**
 * /booking: buy a gift card (no account). The buyer picks an amount, who receives it and the day it
 * arrives, and pays in the card modal (the card provider's page, never ours). Once retail says it is
 * paid, the recipient gets an e-mail with the code on that day; the code is never shown here.
 */
export function GiftCardPurchase({ locations }: { locations: PublicLocation[] }) {
  const id = useId();
  const [opened, setOpened] = useState(false);
  const [locationId, setLocationId] = useState(locations[0]?.id ?? '');
  const zone = locations.find((l) => l.id === locationId)?.timeZone ?? 'America/Chicago';
  const [amount, setAmount] = useState('50');
  const [buyerName, setBuyerName] = useState('');
  const [buyerEmail, setBuyerEmail] = useState('');
  const [recipientName, setRecipientName] = useState('');
  const [recipientEmail, setRecipientEmail] = useState('');
  const [message, setMessage] = useState('');
  const [deliverOn, setDeliverOn] = useState(() => todayIn(zone));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [order, setOrder] = useState<OnlineGiftCardOrderView | null>(null);
  const [paid, setPaid] = useState<OnlineGiftCardOrderView | null>(null);
  // One key per purchase: a double tap or a retried request finds the same order.
  const requestKey = useRef(crypto.randomUUID());

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const amountMinor = dollarsToMinor(amount);
    if (amountMinor === null) return setError('Amount: type a dollar amount, e.g. 50');
    setBusy(true);
    setError(null);
    try {
      const o = await giftCardApi.buy({
        locationId,
        amountMinor,
        buyerName,
        buyerEmail,
        recipientName,
        recipientEmail,
        message: message.trim() || undefined,
        deliverOn,
        requestKey: requestKey.current,
      });
      if (o.status === 'paid') setPaid(o);
      else setOrder(o);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'The gift card could not be started');
    } finally {
      setBusy(false);
    }
  };

  const settled = (o: OnlineGiftCardOrderView | null, problem: string | null) => {
    setOrder(null);
    if (o?.status === 'paid') {
      setPaid(o);
      return;
    }
    // Not paid: a new attempt is a new purchase.
    requestKey.current = crypto.randomUUID();
    setError(problem ?? o?.failureReason ?? 'The payment did not go through');
  };

  if (paid)
    return (
      <section className="card bk-card" aria-labelledby={`${id}-title`} data-testid="gift-card-done">
        <h2 id={`${id}-title`}>Thank you!</h2>
        <p role="status">
          Your {formatCents(paid.amountMinor)} gift card is paid. {paid.recipientName} gets it by e-mail on {paid.deliverOn}, with the code
          to use at checkout.
          {paid.expiresAt ? ` It is valid until ${new Date(paid.expiresAt).toLocaleDateString()}.` : ' It never expires.'}
        </p>
      </section>
    );

  return (
    <section className="card bk-card" aria-labelledby={`${id}-title`} data-testid="gift-card-purchase">
      <h2 id={`${id}-title`}>Give a gift card</h2>
      {!opened ? (
        <div className="bk-actions">
          <button type="button" className="btn btn-secondary" onClick={() => setOpened(true)}>
            Buy a gift card
          </button>
        </div>
      ) : (
        <form className="stack" onSubmit={(e) => void submit(e)}>
          {locations.length > 1 && (
            <label className="field">
              <span>Location</span>
              <select value={locationId} onChange={(e) => setLocationId(e.target.value)}>
                {locations.map((l) => (
                  <option key={l.id} value={l.id}>
                    {l.name}
                  </option>
                ))}
              </select>
            </label>
          )}
          <fieldset className="field">
            <legend>Amount</legend>
            <div className="bk-actions">
              {PRESETS.map((p) => (
                <button
                  key={p}
                  type="button"
                  className={`btn btn-sm ${dollarsToMinor(amount) === p ? 'btn-primary' : 'btn-ghost'}`}
                  aria-pressed={dollarsToMinor(amount) === p}
                  onClick={() => setAmount(String(p / 100))}
                >
                  {formatCents(p)}
                </button>
              ))}
            </div>
          </fieldset>
          <label className="field">
            <span>Amount in dollars ($10 to $1,000)</span>
            <input inputMode="decimal" required value={amount} onChange={(e) => setAmount(e.target.value)} />
          </label>
          <label className="field">
            <span>Your name</span>
            <input autoComplete="name" required value={buyerName} onChange={(e) => setBuyerName(e.target.value)} />
          </label>
          <label className="field">
            <span>Your e-mail</span>
            <input type="email" autoComplete="email" required value={buyerEmail} onChange={(e) => setBuyerEmail(e.target.value)} />
          </label>
          <label className="field">
            <span>Recipient's name</span>
            <input required value={recipientName} onChange={(e) => setRecipientName(e.target.value)} />
          </label>
          <label className="field">
            <span>Recipient's e-mail</span>
            <input type="email" required value={recipientEmail} onChange={(e) => setRecipientEmail(e.target.value)} />
          </label>
          <label className="field">
            <span>A note (optional)</span>
            <textarea maxLength={500} value={message} onChange={(e) => setMessage(e.target.value)} />
          </label>
          <label className="field">
            <span>Send it on</span>
            <input type="date" required min={todayIn(zone)} value={deliverOn} onChange={(e) => setDeliverOn(e.target.value)} />
          </label>
          {error && (
            <p className="form-error" role="alert">
              {error}
            </p>
          )}
          <div className="bk-actions">
            <button type="submit" className="btn btn-primary" disabled={busy}>
              {busy ? 'Starting…' : 'Pay for the gift card'}
            </button>
          </div>
        </form>
      )}
      {order && <GiftCardPayment order={order} onSettled={settled} />}
    </section>
  );
}

/** The order's card modal; the order is read until retail has settled it (paid, or failed with why). */
function GiftCardPayment({
  order,
  onSettled,
}: {
  order: OnlineGiftCardOrderView;
  onSettled(o: OnlineGiftCardOrderView | null, problem: string | null): void;
}) {
  const [waiting, setWaiting] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const done = useRef(false);
  const finish = (o: OnlineGiftCardOrderView | null, p: string | null = null) => {
    if (done.current) return;
    done.current = true;
    onSettled(o, p);
  };

  useEffect(() => {
    let stop = false;
    const poll = async () => {
      while (!stop && !done.current) {
        await new Promise((r) => setTimeout(r, 1000));
        try {
          const o = await giftCardApi.read(order.id);
          if (o.status !== 'awaiting_payment') return finish(o);
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
  }, [order.id]);

  const modal = order.cardModal;
  useEffect(() => {
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
  }, [modal]);

  return (
    <Dialog
      title={`Gift card · ${formatCents(order.amountMinor)}`}
      onClose={() => finish(null, 'The payment was not finished')}
      wide
      testId="gift-card-modal"
    >
      <p className="muted">
        For {order.recipientName}, sent by e-mail on {order.deliverOn}.
      </p>
      <CardEntry modal={modal} problem={problem} waiting={waiting} onDone={() => setWaiting(true)} onError={setProblem} />
    </Dialog>
  );
}
