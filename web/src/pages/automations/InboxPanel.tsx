import { useMutation, useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { graphqlErrorMessage } from '../../lib/apollo';
import { formatDateTime } from '../../lib/format';
import { AI_HANDOVERS } from '../ai-messaging/ai-messaging-gql';
import { CONVERSATION_MESSAGES, INBOX, REPLY_TO_CONVERSATION } from './automations-gql';

/** The two-way SMS inbox: conversations per phone (client when known), their texts, and a reply. */
export function InboxPanel() {
  const { data, refetch } = useQuery(INBOX, { pollInterval: 3000, fetchPolicy: 'network-only' });
  const [open, setOpen] = useState<string | null>(null);
  const conversations = data?.conversations ?? [];
  // Conversations the AI assistant handed to staff (asked for a person, a complaint, unsure).
  const { data: ai } = useQuery(AI_HANDOVERS, { pollInterval: 3000, fetchPolicy: 'network-only' });
  const handedOver = new Map((ai?.aiHandovers ?? []).map((h) => [h.conversationId, h.reason]));
  return (
    <section className="card automation-inbox" aria-labelledby="inbox-title" data-testid="sms-inbox">
      <h2 className="card-title" id="inbox-title">
        Text inbox
      </h2>
      {conversations.length === 0 ? (
        <p className="muted">No texts from clients yet.</p>
      ) : (
        <div className="automation-inbox-grid">
          <ul className="automation-conversations" aria-label="Conversations">
            {conversations.map((c) => (
              <li key={c.id}>
                <button
                  type="button"
                  className={`btn btn-ghost btn-block automation-conversation${open === c.id ? ' is-open' : ''}`}
                  aria-pressed={open === c.id}
                  onClick={() => setOpen(c.id)}
                  data-testid={`conversation-${c.phone}`}
                >
                  <span>{c.clientName ?? (c.clientId ? 'Client' : 'Unknown number')}</span>
                  <span className="automation-meta"> {c.phone}</span>
                  {c.unread > 0 && <span className="badge automation-badge-unread"> {c.unread} unread</span>}
                  {handedOver.has(c.id) && (
                    <span className="badge automation-badge-unread" data-testid="inbox-needs-staff" title={handedOver.get(c.id)}>
                      {' '}
                      Needs staff: {handedOver.get(c.id)}
                    </span>
                  )}
                  <span className="automation-meta automation-conversation-last">{c.lastMessageText}</span>
                </button>
              </li>
            ))}
          </ul>
          {open && <Conversation id={open} onReplied={() => void refetch()} />}
        </div>
      )}
    </section>
  );
}

function Conversation({ id, onReplied }: { id: string; onReplied: () => void }) {
  const { data, refetch } = useQuery(CONVERSATION_MESSAGES, { variables: { conversationId: id }, fetchPolicy: 'network-only' });
  const [reply, { loading, error }] = useMutation(REPLY_TO_CONVERSATION);
  const [text, setText] = useState('');
  return (
    <div className="automation-thread">
      <ol className="automation-thread-messages" aria-label="Texts">
        {(data?.conversationMessages ?? []).map((m) => (
          <li key={m.id} className={`automation-text automation-text-${m.direction}`}>
            <span>{m.body}</span>
            <span className="automation-meta">
              {' '}
              · {formatDateTime(m.at)}
              {m.action ? ` · ${m.action}` : ''}
              {m.status ? ` · ${m.status}` : ''}
            </span>
          </li>
        ))}
      </ol>
      <form
        className="form"
        onSubmit={(e) => {
          e.preventDefault();
          void reply({ variables: { conversationId: id, text } })
            .then(() => {
              setText('');
              void refetch();
              onReplied();
            })
            .catch(() => undefined);
        }}
      >
        <div className="field">
          <label htmlFor="inbox-reply">Reply</label>
          <textarea id="inbox-reply" rows={2} value={text} onChange={(e) => setText(e.target.value)} />
        </div>
        {error && (
          <p className="field-error" role="alert">
            {graphqlErrorMessage(error)}
          </p>
        )}
        <button type="submit" className="btn btn-primary btn-sm" disabled={loading || !text.trim()}>
          Send reply
        </button>
      </form>
    </div>
  );
}
