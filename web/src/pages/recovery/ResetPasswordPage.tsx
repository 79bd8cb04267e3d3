import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { AuthCard, FormError, FormSuccess } from '../login/AuthCard';
import { MIN_PASSWORD_LENGTH, newPasswordProblem, resetPassword } from './recovery-api';

export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    const problem = newPasswordProblem(password, confirm);
    if (problem) return setError(problem);
    setBusy(true);
    try {
      const answer = await resetPassword(token ? { token, password } : { code: code.trim(), password });
      setDone(answer?.message ?? 'Your password has been changed. You can sign in now.');
    } catch (err) {
      setError(err instanceof Error ? err.message : 'Something went wrong');
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthCard
      title="Choose a new password"
      subtitle={token ? 'Your reset link is ready. Pick a new password below.' : 'Enter the code we sent you and a new password.'}
      footer={<Link to="/login">Back to sign in</Link>}
    >
      <FormSuccess message={done} />
      {done ? (
        <Link to="/login" className="btn btn-primary btn-block">
          Sign in
        </Link>
      ) : (
        <form className="form" onSubmit={submit} aria-label="Reset password">
          <FormError message={error} />
          {!token && (
            <div className="field">
              <label htmlFor="reset-code">Reset code</label>
              <input
                id="reset-code"
                inputMode="numeric"
                autoComplete="one-time-code"
                required
                value={code}
                onChange={(e) => setCode(e.target.value)}
              />
            </div>
          )}
          <div className="field">
            <label htmlFor="reset-password">New password</label>
            <input
              id="reset-password"
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
            <label htmlFor="reset-confirm">Confirm new password</label>
            <input
              id="reset-confirm"
              type="password"
              autoComplete="new-password"
              required
              value={confirm}
              onChange={(e) => setConfirm(e.target.value)}
            />
          </div>
          <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
            {busy ? 'Saving…' : 'Set new password'}
          </button>
        </form>
      )}
    </AuthCard>
  );
}
