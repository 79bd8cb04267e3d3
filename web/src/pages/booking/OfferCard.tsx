import type { PublicOfferView } from '@salon/contracts';
import { useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { whenLabel } from './BookingFlow';

type PublicOffer = PublicOfferView;

const path = (token: string, action = '') => `/api/waitlist/offers/${encodeURIComponent(token)}${action}`;
const open = { sessionCall: false } as const;

const CLOSED: Record<Exclude<PublicOffer['status'], 'open'>, string> = {
  accepted: 'You took this time. See you then!',
  declined: 'You passed on this time; we offered it to the next person on the waitlist.',
  expired: 'This offer has expired and went to the next person on the waitlist. You are still on the list for other times.',
  lost: 'Someone else booked this time first. You are still on the waitlist for other times.',
  withdrawn: 'The salon withdrew this offer. Please call us if you still want this time.',
};

/** /booking?offer=…: a waitlisted client's link to a time that freed up, to take or pass on. */
export function OfferCard({ token }: { token: string }) {
  const offer = useQuery({ queryKey: ['waitlist-offer', token], queryFn: () => api.get<PublicOffer>(path(token), open), retry: false });
  const [outcome, setOutcome] = useState<string | null>(null);
  const accept = useMutation({
    mutationFn: () => api.post(path(token, '/accept'), {}, open),
    onSuccess: () => setOutcome(CLOSED.accepted),
    onError: (e) => setOutcome((e as Error).message),
  });
  const decline = useMutation({
    mutationFn: () => api.post(path(token, '/decline'), {}, open),
    onSuccess: () => setOutcome(CLOSED.declined),
    onError: (e) => setOutcome((e as Error).message),
  });
  if (offer.isLoading)
    return (
      <section className="card bk-card">
        <p className="muted">Loading your offer…</p>
      </section>
    );
  if (offer.isError)
    return (
      <section className="card bk-card" role="alert">
        <p>{(offer.error as Error).message}</p>
      </section>
    );
  const o = offer.data!;
  const closed = outcome ?? (o.status === 'open' ? null : CLOSED[o.status]);
  return (
    <section className="card bk-card stack" data-testid="waitlist-offer" aria-label="Waitlist offer">
      <h2 className="bk-step-title">A time opened up for you</h2>
      <dl className="bk-summary">
        <dt>Service</dt>
        <dd>{o.serviceName}</dd>
        <dt>With</dt>
        <dd>{o.staffName}</dd>
        <dt>When</dt>
        <dd>{whenLabel(o.startsAt, o.timeZone)}</dd>
      </dl>
      {closed ? (
        <p className="bk-done-lead" role="status">
          {closed}
        </p>
      ) : (
        <>
          <p className="muted">Held for you until {whenLabel(o.expiresAt, o.timeZone)}.</p>
          <div className="bk-actions">
            <button
              type="button"
              className="btn btn-ghost"
              disabled={decline.isPending || accept.isPending}
              onClick={() => decline.mutate()}
            >
              No, thanks
            </button>
            <button
              type="button"
              className="btn btn-primary btn-lg"
              disabled={accept.isPending || decline.isPending}
              onClick={() => accept.mutate()}
            >
              {accept.isPending ? 'Booking…' : 'Take this time'}
            </button>
          </div>
        </>
      )}
    </section>
  );
}
