import { useState, type FormEvent } from 'react';
import { useMutation } from '@apollo/client/react';
import type { DocumentNode } from 'graphql';
import { graphqlErrorMessage } from '../../lib/apollo';
import { toast } from '../../shell/Toaster';

interface Props {
  channel: 'email' | 'sms';
  mutation: DocumentNode;
  providerNote: string;
  onSent(): void;
}

/** One small form: an address or phone number, and a button that queues a real test message. */
export function TestSendForm({ channel, mutation, providerNote, onSent }: Props) {
  const [send, state] = useMutation(mutation);
  const [to, setTo] = useState('');
  const [error, setError] = useState<string | null>(null);
  const email = channel === 'email';
  const id = `test-${channel}-to`;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    try {
      await send({ variables: { to: to.trim() } });
      toast({ title: email ? 'Test e-mail queued' : 'Test SMS queued', description: `Watch its status below.`, variant: 'success' });
      onSent();
    } catch (err) {
      setError(graphqlErrorMessage(err));
    }
  };

  return (
    <form
      className="card form"
      onSubmit={submit}
      aria-label={email ? 'Send a test e-mail' : 'Send a test SMS'}
      data-testid={email ? 'test-email-form' : 'test-sms-form'}
    >
      <h2 className="card-title">{email ? 'Test e-mail' : 'Test SMS'}</h2>
      <p className="muted small">{providerNote}</p>
      {error && (
        <div className="alert alert-error" role="alert">
          {error}
        </div>
      )}
      <div className="field">
        <label htmlFor={id}>{email ? 'E-mail address' : 'Mobile number'}</label>
        <input
          id={id}
          type={email ? 'email' : 'tel'}
          required
          value={to}
          placeholder={email ? 'you@example.com' : '+1 312 555 0143'}
          autoComplete={email ? 'email' : 'tel'}
          onChange={(e) => setTo(e.target.value)}
        />
      </div>
      <div className="form-actions">
        <button type="submit" className="btn btn-primary" disabled={state.loading || !to.trim()}>
          {state.loading ? 'Queueing…' : email ? 'Send test e-mail' : 'Send test SMS'}
        </button>
      </div>
    </form>
  );
}
