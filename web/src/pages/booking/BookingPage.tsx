import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router-dom';
import { getFullName } from '../../lib/user-display';
import { useSession } from '../../session/session-context';
import { bookingApi } from './booking-api';
import { BookingFlow, designStyle } from './BookingFlow';
import { ClaimCard } from './ClaimCard';
import { ClientSignIn } from './ClientSignIn';
import { GiftCardPurchase } from './GiftCardPurchase';
import { MyAppointments } from './MyAppointments';
import { OfferCard } from './OfferCard';
import './booking.css';

/** /booking: the public online booking page; a signed-in client also sees and manages their appointments. */
export function BookingPage() {
  const { status, user, logout } = useSession();
  const asClient = status === 'authenticated' && user?.role === 'client';
  const info = useQuery({ queryKey: ['online-booking-info'], queryFn: bookingApi.info, staleTime: 60_000 });
  const [params] = useSearchParams();
  const offer = params.get('offer');
  const confirm = params.get('confirm');
  const signingIn = params.get('signin') === '1' && status !== 'authenticated';
  const look = info.data?.design;
  return (
    <div className="bk-screen public-screen" style={look ? designStyle(look) : undefined} data-testid="booking-page">
      <div className="public-bar">
        {look?.logoUrl ? (
          <img className="bk-logo" src={look.logoUrl} alt="" />
        ) : (
          <span className="brand-mark" aria-hidden="true">
            {(info.data?.businessName ?? 'S').charAt(0)}
          </span>
        )}
        <span className="public-bar-name">{info.data?.businessName ?? 'Online booking'}</span>
        <div className="header-spacer" />
        {status === 'authenticated' && user ? (
          <button type="button" className="btn btn-ghost btn-sm" onClick={() => void logout()}>
            Sign out
          </button>
        ) : (
          <Link to="/booking?signin=1" className="btn btn-ghost btn-sm" data-testid="booking-sign-in">
            Sign in
          </Link>
        )}
      </div>
      <main className="public-main bk-main">
        <header className="bk-hero">
          <h1>
            {look?.headline || (asClient && user ? `Hi ${getFullName(user).split(' ')[0]}, book your next visit` : 'Book your next visit')}
          </h1>
          {look?.intro && <p className="lead">{look.intro}</p>}
        </header>
        {info.isLoading && <p className="muted">Loading…</p>}
        {info.isError && (
          <p className="form-error" role="alert">
            {(info.error as Error).message}
          </p>
        )}
        {info.data && info.data.locations.length === 0 && <p className="muted">Online booking is not open yet. Please call us to book.</p>}
        {signingIn && <ClientSignIn />}
        {offer && <OfferCard token={offer} />}
        {confirm && <ClaimCard token={confirm} />}
        {info.data && asClient && <MyAppointments locations={info.data.locations} />}
        {info.data && info.data.locations.length > 0 && !signingIn && (
          <section className="card bk-card">
            <BookingFlow
              mode={asClient ? 'client' : 'public'}
              info={info.data}
              clientName={asClient && user ? getFullName(user) : undefined}
              initialLocationId={params.get('location')}
              initialServiceId={params.get('service')}
            />
          </section>
        )}
        {info.data && info.data.locations.length > 0 && !signingIn && <GiftCardPurchase locations={info.data.locations} />}
      </main>
    </div>
  );
}
