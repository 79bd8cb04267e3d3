import { useId, useState, type FormEvent } from 'react';
import { toast } from '../../shell/Toaster';
import type { AlertKind, Client, ClientAlert } from '@salon/contracts';
import { errorText } from '../clients/clients-api';
import type { ClientInput } from '../clients/clients-api';

type Update = (build: (current: Client) => ClientInput | null) => Promise<Client | null>;

/** Tags as chips: type and Enter (or comma) to add, × to remove. Each change is applied to the latest tags. */
export function TagsCard({ client, canEdit, update }: { client: Client; canEdit: boolean; update: Update }) {
  const id = useId();
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const run = async (build: (c: Client) => ClientInput | null) => {
    setBusy(true);
    try {
      await update(build);
    } catch (e) {
      toast({ title: 'Could not save tags', description: errorText(e), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };
  const add = (raw: string) => {
    const tags = raw
      .split(',')
      .map((t) => t.trim())
      .filter(Boolean);
    if (!tags.length) return;
    setText('');
    void run((c) => {
      const lower = new Set(c.tags.map((t) => t.toLowerCase()));
      const next = [...c.tags, ...tags.filter((t) => !lower.has(t.toLowerCase()))];
      return next.length === c.tags.length ? null : { tags: next };
    });
  };
  const remove = (tag: string) => void run((c) => (c.tags.includes(tag) ? { tags: c.tags.filter((t) => t !== tag) } : null));

  return (
    <section className="card" aria-labelledby={`${id}-t`}>
      <h2 className="card-title" id={`${id}-t`}>
        Tags
      </h2>
      <div className="chips-editor" data-testid="client-tags" aria-busy={busy}>
        {client.tags.length === 0 && !canEdit && <span className="muted">No tags</span>}
        {client.tags.map((t) => (
          <span key={t} className="chip-removable">
            {t}
            {canEdit && (
              <button type="button" aria-label={`Remove tag ${t}`} onClick={() => remove(t)} disabled={busy}>
                ×
              </button>
            )}
          </span>
        ))}
        {canEdit && (
          <form
            className="chip-input"
            onSubmit={(e: FormEvent) => {
              e.preventDefault();
              add(text);
            }}
          >
            <label htmlFor={`${id}-add`} className="visually-hidden">
              Add a tag
            </label>
            <input
              id={`${id}-add`}
              value={text}
              placeholder={client.tags.length ? 'Add tag' : 'Add a tag, e.g. VIP'}
              onChange={(e) => {
                const v = e.target.value;
                if (v.endsWith(',')) add(v);
                else setText(v);
              }}
              onBlur={() => text.trim() && add(text)}
              maxLength={50}
              data-testid="client-tag-input"
            />
          </form>
        )}
      </div>
    </section>
  );
}

const KINDS: { value: AlertKind; label: string }[] = [
  { value: 'allergy', label: 'Allergy' },
  { value: 'sensitivity', label: 'Sensitivity' },
  { value: 'medical', label: 'Medical' },
  { value: 'other', label: 'Other' },
];

/** Alerts staff must see before a service (allergies, sensitivities…): shown on top of the profile. */
export function AlertsCard({ client, canEdit, update }: { client: Client; canEdit: boolean; update: Update }) {
  const id = useId();
  const [kind, setKind] = useState<AlertKind>('allergy');
  const [text, setText] = useState('');
  const [critical, setCritical] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const strip = (a: ClientAlert) => ({ id: a.id, kind: a.kind, text: a.text, critical: a.critical === true });
  const run = async (build: (c: Client) => ClientInput | null) => {
    setBusy(true);
    setError(null);
    try {
      await update(build);
      return true;
    } catch (e) {
      setError(errorText(e));
      return false;
    } finally {
      setBusy(false);
    }
  };
  const add = async (e: FormEvent) => {
    e.preventDefault();
    const t = text.trim();
    if (!t) return;
    const ok = await run((c) => ({ alerts: [...c.alerts.map(strip), { kind, text: t, critical }] as ClientAlert[] }));
    if (ok) {
      setText('');
      setCritical(false);
    }
  };
  const toggleCritical = (alert: ClientAlert) =>
    void run((c) =>
      c.alerts.some((a) => a.id === alert.id)
        ? { alerts: c.alerts.map((a) => (a.id === alert.id ? { ...strip(a), critical: !a.critical } : strip(a))) as ClientAlert[] }
        : null,
    );
  const remove = (alert: ClientAlert) =>
    void run((c) => (c.alerts.some((a) => a.id === alert.id) ? { alerts: c.alerts.filter((a) => a.id !== alert.id).map(strip) } : null));

  return (
    <section className="card" aria-labelledby={`${id}-t`} data-testid="client-alerts-editor">
      <h2 className="card-title" id={`${id}-t`}>
        Alerts
      </h2>
      <p className="muted small" style={{ marginBottom: '0.6rem' }}>
        Allergies, sensitivities and anything staff must know before a service. They show at the top of the profile, on the calendar and
        when booking. A critical alert must be acknowledged by whoever books or opens the client&rsquo;s appointment.
      </p>
      {error && (
        <div className="alert alert-error" role="alert" style={{ marginBottom: '0.6rem' }}>
          {error}
        </div>
      )}
      {client.alerts.length > 0 && (
        <ul className="alert-list">
          {client.alerts.map((a) => (
            <li key={a.id} className={`alert-item${a.critical ? ' critical' : ''}`} data-testid={`alert-${a.id}`}>
              <span>
                <span className="badge">{a.kind}</span> {a.critical && <span className="badge badge-danger">Critical</span>} {a.text}
              </span>
              {canEdit && (
                <span className="row gap">
                  <button
                    type="button"
                    className="btn btn-ghost btn-xs"
                    onClick={() => toggleCritical(a)}
                    disabled={busy}
                    aria-pressed={a.critical === true}
                    aria-label={`Critical: ${a.text}`}
                    data-testid="alert-critical-toggle"
                  >
                    {a.critical ? 'Critical ✓' : 'Mark critical'}
                  </button>
                  <button
                    type="button"
                    className="btn btn-ghost btn-xs"
                    onClick={() => remove(a)}
                    disabled={busy}
                    aria-label={`Remove alert ${a.text}`}
                  >
                    Remove
                  </button>
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
      {client.alerts.length === 0 && !canEdit && <p className="muted">No alerts</p>}
      {canEdit && (
        <form className="alert-add" onSubmit={add}>
          <div>
            <label htmlFor={`${id}-kind`} className="visually-hidden">
              Alert type
            </label>
            <select id={`${id}-kind`} value={kind} onChange={(e) => setKind(e.target.value as AlertKind)}>
              {KINDS.map((k) => (
                <option key={k.value} value={k.value}>
                  {k.label}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor={`${id}-text`} className="visually-hidden">
              Alert text
            </label>
            <input
              id={`${id}-text`}
              value={text}
              onChange={(e) => setText(e.target.value)}
              placeholder="e.g. Latex allergy"
              maxLength={500}
              data-testid="client-alert-input"
            />
          </div>
          <label className="row gap alert-critical-field">
            <input type="checkbox" checked={critical} onChange={(e) => setCritical(e.target.checked)} data-testid="client-alert-critical" />
            Critical (acknowledge when booking)
          </label>
          <button type="submit" className="btn btn-secondary" disabled={busy || !text.trim()}>
            Add alert
          </button>
        </form>
      )}
    </section>
  );
}
