import { Link } from 'react-router-dom';
import { useSession } from '../../session/session-context';
import { getFullName } from '../../lib/user-display';
import { PublicFrame } from './PublicFrame';

const STEPS = [
  { title: 'Choose a service', text: 'Browse the menu with prices and durations.' },
  { title: 'Pick a time', text: 'See real-time availability for your favourite staff member.' },
  { title: 'Confirm', text: 'Get a confirmation and reminders by SMS or e-mail.' },
];

/** Public online booking (scheduling arrives later). */
export function BookingPage() {
  const { status, user, logout } = useSession();
  const signedIn = status === 'authenticated' && !!user;
  return (
    <PublicFrame
      aside={
        signedIn ? (
          <button type="button" className="btn btn-ghost btn-sm" onClick={() => void logout()}>
            Sign out
          </button>
        ) : (
          <Link to="/login" className="btn btn-ghost btn-sm">Staff sign in</Link>
        )
      }
    >
      <section className="booking-hero" data-testid="booking-page">
        <p className="eyebrow">Online booking</p>
        <h1>{signedIn && user?.role === 'client' ? `Hi ${getFullName(user).split(' ')[0]}, book your next visit` : 'Book your next visit'}</h1>
        <p className="lead">
          Online booking is coming: soon you will choose a service, pick a time that suits you and confirm in a few taps — no phone call needed.
        </p>
        <p className="muted">Until then, please call or message the salon to book, change or cancel an appointment.</p>
      </section>
      <ol className="booking-steps" aria-label="How online booking will work">
        {STEPS.map((s, i) => (
          <li key={s.title} className="card booking-step">
            <span className="step-number" aria-hidden="true">{i + 1}</span>
            <h2>{s.title}</h2>
            <p className="muted">{s.text}</p>
          </li>
        ))}
      </ol>
    </PublicFrame>
  );
}
