import { useId, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { DEFAULT_REDIRECT } from '../../app/route-table';
import { useSession } from '../../session/session-context';

/**
 * The client's sign-in inside the booking page (its colours, logo and words), not the staff sign-in:
 * a client who signs in stays here and sees their appointments; a team member goes to the app.
 */
export function ClientSignIn() {
  const id = useId();
  const { login } = useSession();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    setBusy(true);
    try {
      const u = await login(email.trim(), password);
      navigate(u.role === 'client' ? '/booking' : DEFAULT_REDIRECT, { replace: true });
    } catch (err) {
      setError(err instanceof Error && err.message ? err.message : 'Sign-in failed. Please try again.');
      setBusy(false);
    }
  };
  return (
    <section className="card bk-card bk-signin" aria-labelledby={`${id}-title`} data-testid="client-sign-in">
      <h2 id={`${id}-title`}>Sign in to see and change your appointments</h2>
      <form className="stack" onSubmit={(e) => void submit(e)}>
        <label className="field">
          <span>E-mail</span>
          <input type="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
        </label>
        <label className="field">
          <span>Password</span>
          <input type="password" autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.target.value)} />
        </label>
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
        <div className="bk-actions">
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? 'Signing in…' : 'Sign in'}
          </button>
          <Link to="/forgot-password" className="btn btn-ghost">
            Forgot password?
          </Link>
          <Link to="/booking" className="btn btn-ghost">
            Book without signing in
          </Link>
        </div>
      </form>
    </section>
  );
}
