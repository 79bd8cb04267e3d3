import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useSession } from '../../session/session-context';
import { AuthCard, FormError } from '../login/AuthCard';
import { MIN_PASSWORD_LENGTH, newPasswordProblem } from './recovery-api';

/** /accept-invitation?token=…: a new team member sets their password and lands on the dashboard. */
export function AcceptInvitationPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { acceptInvitation } = useSession();
  const navigate = useNavigate();
  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(token ? null : 'This invitation link is incomplete. Ask your admin to send it again.');
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    const problem = newPasswordProblem(password, confirm);
    if (problem) return setError(problem);
    setBusy(true);
    try {
      await acceptInvitation({
        token,
        password,
        ...(firstName.trim() && { firstName: firstName.trim() }),
        ...(lastName.trim() && { lastName: lastName.trim() }),
      });
      navigate('/dashboard', { replace: true });
    } catch (err) {
      setError(err instanceof Error ? err.message : 'Something went wrong');
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthCard
      title="Join your team"
      subtitle="Choose a password to finish setting up your account."
      footer={<Link to="/login">Already have an account? Sign in</Link>}
    >
      <form className="form" onSubmit={submit} aria-label="Accept invitation" data-testid="accept-invitation">
        <FormError message={error} />
        <div className="field">
          <label htmlFor="invite-first-name">First name (optional)</label>
          <input id="invite-first-name" autoComplete="given-name" value={firstName} onChange={(e) => setFirstName(e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor="invite-last-name">Last name (optional)</label>
          <input id="invite-last-name" autoComplete="family-name" value={lastName} onChange={(e) => setLastName(e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor="invite-password">New password</label>
          <input
            id="invite-password"
            type="password"
            autoComplete="new-password"
            required
            minLength={MIN_PASSWORD_LENGTH}
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
          <p className="hint">At least {MIN_PASSWORD_LENGTH} characters.</p>
        </div>
        <div className="field">
          <label htmlFor="invite-confirm">Confirm password</label>
          <input
            id="invite-confirm"
            type="password"
            autoComplete="new-password"
            required
            value={confirm}
            onChange={(e) => setConfirm(e.target.value)}
          />
        </div>
        <button type="submit" className="btn btn-primary btn-block" disabled={busy || !token}>
          {busy ? 'Setting up…' : 'Create my account'}
        </button>
      </form>
    </AuthCard>
  );
}
