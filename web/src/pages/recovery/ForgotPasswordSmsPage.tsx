import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { AuthCard, FormError, FormSuccess } from '../login/AuthCard';
import { MIN_PASSWORD_LENGTH, requestResetSms, resetPassword } from './recovery-api';

export function ForgotPasswordSmsPage() {
  const [step, setStep] = useState<'request' | 'code' | 'done'>('request');
  const [contact, setContact] = useState('');
  const [code, setCode] = useState('');
  const [requestId, setRequestId] = useState<string | undefined>();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [info, setInfo] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const request = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    setBusy(true);
    try {
      const answer = await requestResetSms(contact.trim());
      setInfo(answer?.message ?? 'If an account matches, we have texted a 6-digit code to its phone number.');
      setRequestId(answer?.requestId);
      setStep('code');
    } catch (err) {
      setError(err instanceof Error ? err.message : 'Something went wrong');
    } finally {
      setBusy(false);
    }
  };

  const reset = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    if (password.length < MIN_PASSWORD_LENGTH) {
      setError(`Password must be at least ${MIN_PASSWORD_LENGTH} characters`);
      return;
    }
    setBusy(true);
    try {
      const answer = await resetPassword({ requestId, code: code.trim(), password });
      setInfo(answer?.message ?? 'Your password has been changed. You can sign in now.');
      setStep('done');
    } catch (err) {
      setError(err instanceof Error ? err.message : 'Something went wrong');
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthCard
      title="Reset by SMS"
      subtitle="We will text a one-time code to the phone number on your account."
      footer={<Link to="/login">Back to sign in</Link>}
    >
      <FormError message={error} />
      <FormSuccess message={info} />
      {step === 'request' && (
        <form className="form" onSubmit={request} aria-label="Password recovery by SMS">
          <div className="field">
            <label htmlFor="sms-contact">E-mail or phone number</label>
            <input
              id="sms-contact"
              type="text"
              autoComplete="username"
              required
              value={contact}
              onChange={(e) => setContact(e.target.value)}
            />
          </div>
          <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
            {busy ? 'Sending…' : 'Text me a code'}
          </button>
        </form>
      )}
      {step === 'code' && (
        <form className="form" onSubmit={reset} aria-label="Enter SMS code">
          <div className="field">
            <label htmlFor="sms-code">Code</label>
            <input
              id="sms-code"
              inputMode="numeric"
              autoComplete="one-time-code"
              required
              value={code}
              onChange={(e) => setCode(e.target.value)}
            />
          </div>
          <div className="field">
            <label htmlFor="sms-password">New password</label>
            <input
              id="sms-password"
              type="password"
              autoComplete="new-password"
              required
              minLength={MIN_PASSWORD_LENGTH}
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          </div>
          <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
            {busy ? 'Saving…' : 'Set new password'}
          </button>
          <button type="button" className="btn btn-ghost btn-block" onClick={() => setStep('request')}>
            Send a new code
          </button>
        </form>
      )}
      {step === 'done' && (
        <Link to="/login" className="btn btn-primary btn-block">
          Sign in
        </Link>
      )}
    </AuthCard>
  );
}
