import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { bookingApi, type BookingClaimView } from './booking-api';
import { whenLabel } from './BookingFlow';

const CLOSED: Record<Exclude<BookingClaimView['status'], 'open'>, string> = {
  confirmed: 'Done: this booking is on your profile.',
  expired: 'This link has expired. Please call us and we will add the booking to your profile.',
};

/**
 * /booking?confirm=…: the link sent to a client on file when someone booked online with their
 * phone or e-mail and said they had booked before. Confirming adds that booking to the profile;
 * a client who did not book ignores it.
 */
export function ClaimCard({ token }: { token: string }) {
  const claim = useQuery({ queryKey: ['booking-claim', token], queryFn: () => bookingApi.claim(token), retry: false });
  const [outcome, setOutcome] = useState<string | null>(null);
  const confirm = useMutation({
    mutationFn: () => bookingApi.confirmClaim(token),
    onSuccess: () => setOutcome(CLOSED.confirmed),
    onError: (e) => setOutcome((e as Error).message),
  });
  if (claim.isLoading)
    return (
      <section className="card bk-card">
        <p className="muted">Loading your booking…</p>
      </section>
    );
  if (claim.isError)
    return (
      <section className="card bk-card" role="alert">
        <p>{(claim.error as Error).message}</p>
      </section>
    );
  const c = claim.data!;
  const closed = outcome ?? (c.status === 'open' ? null : CLOSED[c.status]);
  return (
    <section className="card bk-card stack" data-testid="booking-claim" aria-label="Add a booking to your profile">
      <h2 className="bk-step-title">Was this booking yours?</h2>
      <dl className="bk-summary">
        <dt>Service</dt>
        <dd>{c.serviceName}</dd>
        <dt>With</dt>
        <dd>{c.staffName}</dd>
        <dt>When</dt>
        <dd>{whenLabel(c.startsAt, c.timeZone)}</dd>
      </dl>
      {closed ? (
        <p className="bk-done-lead" role="status">
          {closed}
        </p>
      ) : (
        <>
          <p className="muted">
            Someone booked this online with your contact details and said they have booked with us before. If it was you, add it to your
            profile. If not, you can close this page: nothing changes.
          </p>
          <div className="bk-actions">
            <button type="button" className="btn btn-primary btn-lg" disabled={confirm.isPending} onClick={() => confirm.mutate()}>
              {confirm.isPending ? 'Adding…' : 'Yes, add it to my profile'}
            </button>
          </div>
        </>
      )}
    </section>
  );
}
