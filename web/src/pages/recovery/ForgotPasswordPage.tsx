import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { AuthCard, FormError, FormSuccess } from '../login/AuthCard';
import { requestResetEmail } from './recovery-api';

export function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    setBusy(true);
    try {
      const answer = await requestResetEmail(email.trim());
      setDone(answer?.message ?? 'If an account exists for that e-mail, we have sent a link to reset your password.');
    } catch (err) {
      setError(err instanceof Error ? err.message : 'Something went wrong');
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthCard
      title="Reset your password"
      subtitle="Enter the e-mail you sign in with and we will send you a reset link."
      footer={<Link to="/login">Back to sign in</Link>}
    >
      <form className="form" onSubmit={submit} aria-label="Password recovery by e-mail">
        <FormError message={error} />
        <FormSuccess message={done} />
        <div className="field">
          <label htmlFor="forgot-email">E-mail</label>
          <input id="forgot-email" type="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
        </div>
        <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
          {busy ? 'Sending…' : 'Send reset link'}
        </button>
        <p className="muted center small">
          No access to your e-mail? <Link to="/forgot-password-sms">Get a code by SMS</Link>
        </p>
      </form>
    </AuthCard>
  );
}
