import { useQuery } from '@apollo/client/react';
import { graphqlErrorMessage } from '../../lib/apollo';
import { formatDateTime } from '../../lib/format';
import { Spinner } from '../../shell/Spinner';
import { RECENT_MESSAGES, SEND_TEST_EMAIL, SEND_TEST_SMS } from './email-test-gql';
import { PROVIDER_LABELS, STATUS_DISPLAY, statusTime } from './message-status';
import { TestSendForm } from './TestSendForm';
import './email-test.css';

const POLL_MS = 2000;

/** /email-test (admin): send a test e-mail and SMS through the real pipeline and watch them move. */
export function EmailTestPage() {
  const { data, previousData, loading, error, refetch } = useQuery(RECENT_MESSAGES, {
    variables: { limit: 25 },
    pollInterval: POLL_MS,
    fetchPolicy: 'network-only',
    notifyOnNetworkStatusChange: false,
  });
  const shown = data ?? previousData;
  const settings = shown?.deliverySettings;
  const label = (p: string | undefined) => (p ? (PROVIDER_LABELS[p] ?? p) : '…');

  return (
    <section className="page" data-testid="email-test-page">
      <header className="page-header">
        <div>
          <h1>E-mail &amp; SMS test</h1>
          <p className="muted">
            Send a test message through the real delivery pipeline and watch its status change: queued → sent → delivered.
          </p>
        </div>
        {settings?.emailPreviewUrl && (
          <a
            className="btn btn-secondary"
            href={settings.emailPreviewUrl}
            target="_blank"
            rel="noreferrer"
            data-testid="email-preview-link"
          >
            Open the local inbox
          </a>
        )}
      </header>

      <div className="email-test-forms">
        <TestSendForm
          channel="email"
          mutation={SEND_TEST_EMAIL}
          providerNote={`Sent with ${label(settings?.emailProvider)}${settings?.emailPreviewUrl ? '; every e-mail shows up in the local inbox.' : '.'}`}
          onSent={() => void refetch()}
        />
        <TestSendForm
          channel="sms"
          mutation={SEND_TEST_SMS}
          providerNote={
            settings?.smsProvider === 'log'
              ? 'The SMS provider is the message log: the text is recorded below, not sent to a phone.'
              : `Sent with ${label(settings?.smsProvider)}.`
          }
          onSent={() => void refetch()}
        />
      </div>

      {error && !shown ? (
        <div className="alert alert-error" role="alert">
          {graphqlErrorMessage(error)}
        </div>
      ) : loading && !shown ? (
        <Spinner fullScreen={false} />
      ) : !shown?.messages.length ? (
        <div className="card empty-state">
          <h2>No messages yet</h2>
          <p className="muted">Send a test above; it appears here within a couple of seconds.</p>
        </div>
      ) : (
        // Long addresses make it scroll sideways: focusable so a keyboard can scroll it too.
        <div className="card table-card" tabIndex={0} role="region" aria-label="Recent messages, scrollable">
          <table className="table" aria-label="Recent messages">
            <thead>
              <tr>
                <th scope="col">Status</th>
                <th scope="col">Time</th>
                <th scope="col">Channel</th>
                <th scope="col">Recipient</th>
                <th scope="col">Message</th>
                <th scope="col">Provider</th>
                <th scope="col">Error</th>
              </tr>
            </thead>
            <tbody>
              {shown.messages.map((m) => {
                const status = STATUS_DISPLAY[m.status];
                return (
                  <tr key={m.id} data-testid={`message-row-${m.id}`}>
                    <td>
                      <span
                        className={`badge ${status.badge}`}
                        title={status.hint}
                        data-testid={`message-status-${m.id}`}
                        data-status={m.status}
                      >
                        {status.label}
                      </span>
                    </td>
                    <td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(statusTime(m))}</td>
                    <td>{m.channel === 'email' ? 'E-mail' : 'SMS'}</td>
                    <td>{m.recipient}</td>
                    <td>
                      <div>{m.subject ?? <span className="muted">{m.purpose}</span>}</div>
                      {m.bodyText && (
                        <div className="email-test-body" title={m.bodyText}>
                          {m.bodyText}
                        </div>
                      )}
                    </td>
                    <td>
                      {m.provider ? label(m.provider) : <span className="muted">—</span>}
                      {m.attempts > 1 && <span className="muted small"> · {m.attempts} attempts</span>}
                    </td>
                    <td>{m.lastError ? <span className="email-test-error">{m.lastError}</span> : <span className="muted">—</span>}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
