import { useMutation, useQuery } from '@apollo/client/react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { graphqlErrorMessage } from '../../lib/apollo';
import { formatDateTime } from '../../lib/format';
import { useLocations } from '../../session/location-context';
import { Spinner } from '../../shell/Spinner';
import {
  AI_MESSAGING,
  APPROVE_AI_REPLY,
  CLEAR_AI_HANDOVER,
  DISCARD_AI_REPLY,
  REMOVE_AI_PROVIDER,
  SAVE_AI_LOCATION_SETTINGS,
  SAVE_AI_PROVIDER,
  type AiReplyItem,
} from './ai-messaging-gql';
import { MODE_LABELS, STATUS_LABELS } from './ai-labels';
import './ai-messaging.css';

const POLL_MS = 3000;

/** /ai-messaging (admin): the assistant that drafts or sends replies in the SMS inbox, its drafts, hand-overs and log. */
export function AiMessagingPage() {
  const { selected } = useLocations();
  const locationId = selected?.id ?? '';
  const { data, previousData, loading, error, refetch } = useQuery(AI_MESSAGING, {
    variables: { locationId },
    skip: !locationId,
    pollInterval: POLL_MS,
    fetchPolicy: 'network-only',
  });
  const shown = data ?? previousData;
  const refresh = () => void refetch().catch(() => undefined);
  const drafts = (shown?.aiReplies ?? []).filter((r) => r.status === 'draft');

  return (
    <section className="page ai-messaging-page" data-testid="ai-messaging-page">
      <header className="page-header">
        <div>
          <h1>AI messaging</h1>
          <p className="muted">
            An assistant that answers client texts from your own services, prices, hours and policies, and books through online booking
            {selected ? ` for ${selected.name}` : ''}. It hands the conversation to staff when it is unsure, when a client asks for a
            person, or on a complaint. Replies appear in the <Link to="/automations">text inbox</Link>.
          </p>
        </div>
      </header>
      {error && !shown ? (
        <div className="alert alert-error" role="alert">
          {graphqlErrorMessage(error)}
        </div>
      ) : null}
      {loading && !shown ? <Spinner fullScreen={false} /> : null}
      {shown && (
        <>
          <ProviderCard provider={shown.aiProvider} onSaved={refresh} />
          {shown.aiProvider.configured && (
            <>
              <SettingsCard
                key={`${locationId}:${shown.aiLocationSettings.version}`}
                settings={shown.aiLocationSettings}
                onSaved={refresh}
              />
              <section className="card" aria-labelledby="ai-drafts-title" data-testid="ai-drafts">
                <h2 className="card-title" id="ai-drafts-title">
                  Drafts to approve ({drafts.length})
                </h2>
                {drafts.length === 0 ? (
                  <p className="muted">No drafts waiting.</p>
                ) : (
                  <ul className="ai-list">
                    {drafts.map((d) => (
                      <Draft key={d.id} reply={d} onDone={refresh} />
                    ))}
                  </ul>
                )}
              </section>
              <section className="card" aria-labelledby="ai-handovers-title" data-testid="ai-handovers">
                <h2 className="card-title" id="ai-handovers-title">
                  Handed to staff ({shown.aiHandovers.length})
                </h2>
                {shown.aiHandovers.length === 0 ? (
                  <p className="muted">Nothing handed over.</p>
                ) : (
                  <ul className="ai-list">
                    {shown.aiHandovers.map((h) => (
                      <Handover key={h.conversationId} handover={h} onDone={refresh} />
                    ))}
                  </ul>
                )}
              </section>
            </>
          )}
          <section className="card" aria-labelledby="ai-log-title" data-testid="ai-log">
            <h2 className="card-title" id="ai-log-title">
              Log
            </h2>
            <p className="muted">Every reply the assistant wrote, with what it was given, the tools it called and their results.</p>
            {shown.aiReplies.length === 0 ? (
              <p className="muted">No AI replies yet.</p>
            ) : (
              <ul className="ai-list">
                {shown.aiReplies.map((r) => (
                  <LogEntry key={r.id} reply={r} />
                ))}
              </ul>
            )}
          </section>
        </>
      )}
    </section>
  );
}

function ProviderCard({
  provider,
  onSaved,
}: {
  provider: { configured: boolean; baseUrl?: string | null; model?: string | null; hasKey: boolean };
  onSaved: () => void;
}) {
  const [editing, setEditing] = useState(!provider.configured);
  const [baseUrl, setBaseUrl] = useState(provider.baseUrl ?? '');
  const [model, setModel] = useState(provider.model ?? '');
  const [apiKey, setApiKey] = useState('');
  const [save, { loading, error }] = useMutation(SAVE_AI_PROVIDER);
  const [remove] = useMutation(REMOVE_AI_PROVIDER);
  useEffect(() => setEditing(!provider.configured), [provider.configured]);
  return (
    <section className="card" aria-labelledby="ai-provider-title" data-testid="ai-provider">
      <h2 className="card-title" id="ai-provider-title">
        Provider
      </h2>
      {provider.configured ? (
        <p data-testid="ai-provider-state">
          Using <strong>{provider.model}</strong> at {provider.baseUrl}
          {provider.hasKey ? ' (API key stored)' : ' (no API key)'}.
        </p>
      ) : (
        <p className="ai-notice" data-testid="ai-provider-state">
          No AI provider is configured, so the assistant is off: texts reach the inbox as before. Add any OpenAI-compatible chat-completions
          API with tool calls to turn it on.
        </p>
      )}
      {editing ? (
        <form
          className="form ai-provider-form"
          onSubmit={(e) => {
            e.preventDefault();
            void save({ variables: { input: { baseUrl, model, ...(apiKey ? { apiKey } : {}) } } })
              .then(() => {
                setApiKey('');
                setEditing(false);
                onSaved();
              })
              .catch(() => undefined);
          }}
        >
          <div className="field">
            <label htmlFor="ai-base-url">Base URL</label>
            <input
              id="ai-base-url"
              type="url"
              required
              value={baseUrl}
              placeholder="https://api.openai.com/v1"
              onChange={(e) => setBaseUrl(e.target.value)}
            />
          </div>
          <div className="field">
            <label htmlFor="ai-model">Model</label>
            <input id="ai-model" required value={model} onChange={(e) => setModel(e.target.value)} />
          </div>
          <div className="field">
            <label htmlFor="ai-key">API key{provider.hasKey ? ' (leave empty to keep the stored one)' : ''}</label>
            <input id="ai-key" type="password" autoComplete="off" value={apiKey} onChange={(e) => setApiKey(e.target.value)} />
          </div>
          {error && (
            <p className="field-error" role="alert">
              {graphqlErrorMessage(error)}
            </p>
          )}
          <div className="ai-actions">
            <button type="submit" className="btn btn-primary btn-sm" disabled={loading}>
              Save provider
            </button>
            {provider.configured && (
              <button type="button" className="btn btn-ghost btn-sm" onClick={() => setEditing(false)}>
                Cancel
              </button>
            )}
          </div>
        </form>
      ) : (
        <div className="ai-actions">
          <button type="button" className="btn btn-secondary btn-sm" onClick={() => setEditing(true)}>
            Change provider
          </button>
          <button type="button" className="btn btn-ghost btn-sm" onClick={() => void remove().then(onSaved, () => undefined)}>
            Remove provider
          </button>
        </div>
      )}
    </section>
  );
}

function SettingsCard({
  settings,
  onSaved,
}: {
  settings: { locationId: string; mode: string; autoFrom: string; autoTo: string; signature: string };
  onSaved: () => void;
}) {
  const [mode, setMode] = useState(settings.mode);
  const [autoFrom, setAutoFrom] = useState(settings.autoFrom);
  const [autoTo, setAutoTo] = useState(settings.autoTo);
  const [signature, setSignature] = useState(settings.signature);
  const [save, { loading, error }] = useMutation(SAVE_AI_LOCATION_SETTINGS);
  return (
    <section className="card" aria-labelledby="ai-settings-title" data-testid="ai-settings">
      <h2 className="card-title" id="ai-settings-title">
        This location
      </h2>
      <form
        className="form"
        onSubmit={(e) => {
          e.preventDefault();
          void save({ variables: { input: { locationId: settings.locationId, mode, autoFrom, autoTo, signature } } })
            .then(onSaved)
            .catch(() => undefined);
        }}
      >
        <fieldset className="ai-modes">
          <legend>Mode</legend>
          {Object.entries(MODE_LABELS).map(([value, label]) => (
            <label key={value} className="ai-mode">
              <input type="radio" name="ai-mode" value={value} checked={mode === value} onChange={() => setMode(value)} />
              {label}
            </label>
          ))}
        </fieldset>
        <div className="ai-hours">
          <div className="field">
            <label htmlFor="ai-auto-from">Auto from</label>
            <input
              id="ai-auto-from"
              type="time"
              value={autoFrom}
              onChange={(e) => setAutoFrom(e.target.value)}
              disabled={mode !== 'auto'}
            />
          </div>
          <div className="field">
            <label htmlFor="ai-auto-to">Auto until</label>
            <input id="ai-auto-to" type="time" value={autoTo} onChange={(e) => setAutoTo(e.target.value)} disabled={mode !== 'auto'} />
          </div>
        </div>
        <div className="field">
          <label htmlFor="ai-signature">Signature on every AI reply</label>
          <input id="ai-signature" required minLength={5} maxLength={60} value={signature} onChange={(e) => setSignature(e.target.value)} />
        </div>
        {error && (
          <p className="field-error" role="alert">
            {graphqlErrorMessage(error)}
          </p>
        )}
        <button type="submit" className="btn btn-primary btn-sm" disabled={loading}>
          Save settings
        </button>
      </form>
    </section>
  );
}

function Draft({ reply, onDone }: { reply: AiReplyItem; onDone: () => void }) {
  const [text, setText] = useState(reply.body ?? '');
  const [approve, { loading, error }] = useMutation(APPROVE_AI_REPLY);
  const [discard] = useMutation(DISCARD_AI_REPLY);
  const id = `ai-draft-${reply.id}`;
  return (
    <li className="ai-item" data-testid="ai-draft">
      <p className="ai-meta">
        To {reply.phone} · {formatDateTime(reply.createdAt)}
      </p>
      {reply.pendingAction && (
        <p className="ai-pending" data-testid="ai-draft-action">
          {pendingActionLine(reply.pendingAction)}
        </p>
      )}
      <div className="field">
        <label htmlFor={id}>Reply</label>
        <textarea id={id} rows={3} value={text} onChange={(e) => setText(e.target.value)} data-testid="ai-draft-text" />
      </div>
      {error && (
        <p className="field-error" role="alert">
          {graphqlErrorMessage(error)}
        </p>
      )}
      <div className="ai-actions">
        <button
          type="button"
          className="btn btn-primary btn-sm"
          disabled={loading || !text.trim()}
          onClick={() =>
            void approve({ variables: { id: reply.id, text: text === reply.body ? null : text } })
              .then(onDone)
              .catch(() => undefined)
          }
        >
          Approve and send
        </button>
        <button
          type="button"
          className="btn btn-ghost btn-sm"
          onClick={() => void discard({ variables: { id: reply.id } }).then(onDone, () => undefined)}
        >
          Discard
        </button>
      </div>
    </li>
  );
}

function Handover({
  handover,
  onDone,
}: {
  handover: { conversationId: string; phone: string; clientName?: string | null; reason: string; at: string };
  onDone: () => void;
}) {
  const [clear, { loading }] = useMutation(CLEAR_AI_HANDOVER);
  return (
    <li className="ai-item" data-testid="ai-handover">
      <p>
        <strong>{handover.clientName ?? handover.phone}</strong> · {handover.reason}
      </p>
      <p className="ai-meta">{formatDateTime(handover.at)}</p>
      <button
        type="button"
        className="btn btn-secondary btn-sm"
        disabled={loading}
        onClick={() => void clear({ variables: { conversationId: handover.conversationId } }).then(onDone, () => undefined)}
      >
        Give back to the assistant
      </button>
    </li>
  );
}

function LogEntry({ reply }: { reply: AiReplyItem }) {
  return (
    <li className="ai-item" data-testid="ai-log-entry">
      <p className="ai-meta">
        {formatDateTime(reply.createdAt)} · {reply.phone} ·{' '}
        <span className={`badge ai-status-${reply.status}`}>{STATUS_LABELS[reply.status] ?? reply.status}</span>
      </p>
      {reply.body && <p className="ai-body">{reply.body}</p>}
      {reply.handoverReason && <p>Handed over: {reply.handoverReason}</p>}
      {reply.error && <p>Error: {reply.error}</p>}
      <details>
        <summary>Context and tool calls ({reply.toolCalls.length})</summary>
        <ol className="ai-tools">
          {reply.toolCalls.map((c, i) => (
            <li key={i}>
              <code>
                {c.name}({c.arguments})
              </code>
              {c.refused ? ' refused: ' : ' → '}
              {c.result}
            </li>
          ))}
        </ol>
        <pre className="ai-context">{prettyContext(reply.context)}</pre>
      </details>
    </li>
  );
}

function prettyContext(context: string): string {
  try {
    const messages = JSON.parse(context) as { role: string; content: string | null }[];
    return messages.map((m) => `${m.role}: ${m.content ?? ''}`).join('\n\n');
  } catch {
    return context;
  }
}

/** What approving does besides sending: "Book …", "Move …" or "Cancel …" (the log's words), said plainly. */
function pendingActionLine(action: string): string {
  if (action.startsWith('Move ')) return `Approving also moves this appointment: ${action.slice(5)}`;
  if (action.startsWith('Cancel ')) return `Approving also cancels this appointment: ${action.slice(7)}`;
  return `Approving also makes this booking: ${action.replace(/^Book /, '')}`;
}
