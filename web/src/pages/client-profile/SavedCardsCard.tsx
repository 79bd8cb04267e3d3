import { useEffect, useId, useRef, useState } from 'react';
import { useMutation, useQuery } from '@apollo/client/react';
import { graphqlErrorMessage } from '../../lib/apollo';
import { toast } from '../../shell/Toaster';
import { Dialog } from '../clients/Dialog';
import { REMOVE_SAVED_CARD, SAVED_CARDS, START_SAVE_CARD } from './saved-cards-gql';
import './saved-cards.css';

type Modal = { kind: string; url?: string | null };

const brandName = (brand: string) => (brand ? brand[0]!.toUpperCase() + brand.slice(1) : 'Card');

/**
 * Cards on file (spec §7 `/api/saved-payment-methods`): brand, last four and expiry, never more.
 * "Save a card" opens the card provider's page (a SetupIntent; locally the Stripe peer's page in a
 * frame): the card is typed there, never here, and appears once Stripe's webhook says it is saved.
 */
export function SavedCardsCard({ clientId, canUse }: { clientId: string; canUse: boolean }) {
  const id = useId();
  const cards = useQuery(SAVED_CARDS, { variables: { clientId }, fetchPolicy: 'cache-and-network' });
  const [start, starting] = useMutation(START_SAVE_CARD);
  const [remove] = useMutation(REMOVE_SAVED_CARD);
  const [modal, setModal] = useState<Modal | null>(null);
  const [waiting, setWaiting] = useState(false);
  const before = useRef(0);
  const list = cards.data?.savedPaymentMethods ?? [];

  const open = async () => {
    try {
      const res = await start({ variables: { clientId } });
      before.current = list.length;
      setWaiting(false);
      setModal(res.data?.startSaveCard.cardModal ?? null);
    } catch (e) {
      toast({ title: 'Could not open the card form', description: graphqlErrorMessage(e), variant: 'destructive' });
    }
  };

  // The page says it is done; the card counts once Stripe's webhook saved it: read the list until it shows.
  useEffect(() => {
    if (!modal?.url) return;
    const origin = new URL(modal.url).origin;
    const saved = async (event: MessageEvent) => {
      if (event.origin !== origin || (event.data as { source?: string } | null)?.source !== 'stripe-peer') return;
      if ((event.data as { status?: string }).status === 'failed') return;
      setWaiting(true);
      for (let attempt = 0; attempt < 30; attempt++) {
        const { data } = await cards.refetch();
        if ((data?.savedPaymentMethods.length ?? 0) > before.current) break;
        await new Promise((r) => setTimeout(r, 500));
      }
      setModal(null);
      toast({ title: 'Card saved', variant: 'success' });
    };
    const onMessage = (event: MessageEvent) => void saved(event);
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [modal]);

  const drop = async (cardId: string, label: string) => {
    if (!window.confirm(`Remove ${label}? It can no longer be charged.`)) return;
    try {
      await remove({ variables: { id: cardId, clientId } });
      await cards.refetch();
      toast({ title: `${label} removed`, variant: 'success' });
    } catch (e) {
      toast({ title: 'Could not remove the card', description: graphqlErrorMessage(e), variant: 'destructive' });
    }
  };

  return (
    <section className="card" aria-labelledby={`${id}-t`} data-testid="saved-cards">
      <h2 className="card-title" id={`${id}-t`}>
        Cards on file
      </h2>
      {list.length === 0 ? (
        <p className="muted small">No saved cards.</p>
      ) : (
        <ul className="saved-cards">
          {list.map((c) => {
            const label = `${brandName(c.brand)} ending ${c.last4}`;
            return (
              <li key={c.id} className="saved-card" data-testid={`saved-card-${c.last4}`}>
                <span>
                  {label} · expires {String(c.expMonth).padStart(2, '0')}/{c.expYear}
                </span>
                {canUse && (
                  <button type="button" className="btn btn-ghost btn-sm" onClick={() => void drop(c.id, label)}>
                    Remove
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {canUse && (
        <button type="button" className="btn btn-secondary btn-sm" disabled={starting.loading} onClick={() => void open()}>
          Save a card
        </button>
      )}
      {modal && (
        <Dialog title="Save a card" onClose={() => setModal(null)} wide testId="save-card-modal">
          {modal.url ? (
            <iframe
              className="saved-card-frame"
              title="Card details (secure payment page)"
              src={`${modal.url}&origin=${encodeURIComponent(window.location.origin)}`}
              data-testid="card-frame"
            />
          ) : (
            <p className="muted">Saving cards with Stripe’s Payment Element needs the business’s own keys.</p>
          )}
          <p className="muted small" aria-live="polite">
            {waiting
              ? 'Waiting for the card processor to confirm…'
              : 'The card number is typed in the payment provider’s page; it never reaches this app.'}
          </p>
        </Dialog>
      )}
    </section>
  );
}
