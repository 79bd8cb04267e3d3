import { useState, type FormEvent } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router-dom';
import { CLIENT_REDIRECT, DEFAULT_REDIRECT } from '../../app/route-table';
import { useSession } from '../../session/session-context';
import { Spinner } from '../../shell/Spinner';
import { AuthCard, FormError } from './AuthCard';

function targetAfterLogin(role: string, from: unknown): string {
  if (role === 'client') return CLIENT_REDIRECT;
  const path = typeof from === 'string' ? from : null;
  if (path && path !== '/' && path !== '/login') return path;
  return DEFAULT_REDIRECT;
}

export function LoginPage() {
  const { status, user, login } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const from = (location.state as { from?: string } | null)?.from;
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [showPassword, setShowPassword] = useState(false);

  if (status === 'loading') return <Spinner />;
  if (status === 'authenticated' && user && !busy) return <Navigate to={targetAfterLogin(user.role, from)} replace />;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    setBusy(true);
    try {
      const u = await login(email.trim(), password);
      navigate(targetAfterLogin(u.role, from), { replace: true });
    } catch (err) {
      setError(err instanceof Error && err.message ? err.message : 'Sign-in failed. Please try again.');
      setBusy(false);
    }
  };

  return (
    <AuthCard title="Welcome back" subtitle="Sign in to manage your bookings, clients and team.">
      <form className="form" onSubmit={submit} noValidate={false} aria-label="Sign in">
        <FormError message={error} />
        <div className="field">
          <label htmlFor="login-email">E-mail</label>
          <input
            id="login-email"
            name="email"
            type="email"
            autoComplete="username"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            autoFocus
          />
        </div>
        <div className="field">
          <div className="field-label-row">
            <label htmlFor="login-password">Password</label>
            <Link to="/forgot-password" className="link-sm">
              Forgot password?
            </Link>
          </div>
          <div className="input-with-action">
            <input
              id="login-password"
              name="password"
              type={showPassword ? 'text' : 'password'}
              autoComplete="current-password"
              required
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
            <button
              type="button"
              className="input-action"
              aria-controls="login-password"
              aria-pressed={showPassword}
              onClick={() => setShowPassword((s) => !s)}
            >
              {showPassword ? 'Hide' : 'Show'}
            </button>
          </div>
        </div>
        <button type="submit" className="btn btn-primary btn-block" disabled={busy} aria-busy={busy}>
          {busy ? 'Signing in…' : 'Sign in'}
        </button>
        <p className="muted center small">
          Prefer a text message? <Link to="/forgot-password-sms">Reset by SMS</Link>
        </p>
      </form>
    </AuthCard>
  );
}
