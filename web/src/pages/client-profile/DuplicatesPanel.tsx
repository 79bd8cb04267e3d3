import { useId, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { toast } from '../../shell/Toaster';
import { ClientPicker, type PickerClient } from '../../components/client-picker';
import type { Client, DuplicateClient } from '@salon/contracts';
import { errorText } from '../clients/clients-api';
import { useClientDuplicates, useClientsData } from '../clients/clients-data';
import { Dialog } from '../clients/Dialog';
import { formatPhone } from '../clients/phone';
import { formatDate } from '../../lib/format';

type Other = Pick<Client, 'id' | 'fullName'> & Partial<Pick<Client, 'phone' | 'email' | 'createdAt'>>;

/** "Possible duplicates" with reasons, and merging two clients into one (delete_clients). */
export function DuplicatesPanel({ client, canMerge }: { client: Client; canMerge: boolean }) {
  const id = useId();
  const dups = useClientDuplicates(client.id);
  const [merging, setMerging] = useState<Other | 'pick' | null>(null);
  const list: DuplicateClient[] = dups.data ?? [];

  return (
    <section className="card" aria-labelledby={`${id}-t`} data-testid="duplicates-panel">
      <div className="card-head">
        <h2 className="card-title" id={`${id}-t`}>
          Possible duplicates
        </h2>
        {list.length > 0 && <span className="badge badge-warning">{list.length}</span>}
      </div>
      {dups.isPending ? (
        <p className="muted small">Checking…</p>
      ) : dups.error ? (
        <p className="field-error">{errorText(dups.error)}</p>
      ) : list.length === 0 ? (
        <p className="muted small">No other client shares this phone, e-mail or name.</p>
      ) : (
        <ul className="list">
          {list.map((d) => (
            <li key={d.id} className="dup-item" data-testid={`duplicate-${d.id}`}>
              <div className="row between">
                <Link to={`/clients/${d.id}`} className="list-title">
                  <strong>{d.fullName}</strong>
                </Link>
                {canMerge && (
                  <button type="button" className="btn btn-secondary btn-sm" onClick={() => setMerging(d)} data-testid="merge-button">
                    Merge…
                  </button>
                )}
              </div>
              <span className="muted small">
                {[formatPhone(d.phone), d.email, `added ${formatDate(d.createdAt)}`].filter(Boolean).join(' · ')}
              </span>
              <span className="tag-suggestions">
                {d.reasons.map((r) => (
                  <span key={r} className="chip">
                    {r}
                  </span>
                ))}
              </span>
            </li>
          ))}
        </ul>
      )}
      {canMerge && (
        <button
          type="button"
          className="btn btn-ghost btn-sm"
          style={{ marginTop: '0.5rem' }}
          onClick={() => setMerging('pick')}
          data-testid="merge-other-button"
        >
          Merge with another client…
        </button>
      )}
      {merging && <MergeDialog client={client} initial={merging === 'pick' ? null : merging} onClose={() => setMerging(null)} />}
    </section>
  );
}

function MergeDialog({ client, initial, onClose }: { client: Client; initial: Other | null; onClose(): void }) {
  const data = useClientsData();
  const navigate = useNavigate();
  const [other, setOther] = useState<Other | null>(initial);
  const [keep, setKeep] = useState<'this' | 'other'>('this');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const survivor = keep === 'this' ? client : other;
  const merged = keep === 'this' ? other : client;

  const merge = async () => {
    if (!other || !survivor || !merged) return;
    setBusy(true);
    setError(null);
    try {
      const result = await data.merge(survivor.id, merged.id);
      toast({ title: `Merged into ${result.fullName}`, variant: 'success' });
      onClose();
      if (result.id !== client.id) navigate(`/clients/${result.id}`, { replace: true });
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog title="Merge two clients" onClose={onClose} wide testId="merge-dialog">
      {error && (
        <div className="alert alert-error" role="alert">
          {error}
        </div>
      )}
      {!other ? (
        <ClientPicker
          value={null}
          onChange={(c: PickerClient | null) => c && setOther(c)}
          label="Client to merge with"
          excludeIds={[client.id]}
          allowCreate={false}
          autoFocus
        />
      ) : (
        <>
          <fieldset className="fieldset">
            <legend>Which profile stays?</legend>
            <div className="stack-sm">
              {(['this', 'other'] as const).map((k) => {
                const c = k === 'this' ? client : other;
                return (
                  <label key={k} className="radio">
                    <input type="radio" name="merge-keep" checked={keep === k} onChange={() => setKeep(k)} />
                    <span>
                      <strong>{c.fullName}</strong>
                      <span className="muted small">
                        {' '}
                        {[formatPhone(c.phone ?? null), c.email].filter(Boolean).join(' · ')}
                        {k === 'this' ? ' (this profile)' : ''}
                      </span>
                    </span>
                  </label>
                );
              })}
            </div>
          </fieldset>
          <div className="alert alert-warning" data-testid="merge-summary">
            <p>
              <strong>{survivor?.fullName}</strong> stays. {merged?.fullName}’s notes, tags, alerts and history move onto it, and{' '}
              {merged?.fullName}’s profile is removed.
            </p>
            <p>
              Blank details on {survivor?.fullName} are filled from {merged?.fullName}. This cannot be undone.
            </p>
          </div>
          <div className="form-actions">
            {!initial && (
              <button type="button" className="btn btn-ghost" onClick={() => setOther(null)}>
                Pick someone else
              </button>
            )}
            <button type="button" className="btn btn-ghost" onClick={onClose}>
              Cancel
            </button>
            <button type="button" className="btn btn-danger" onClick={() => void merge()} disabled={busy} data-testid="merge-confirm">
              {busy ? 'Merging…' : `Merge into ${survivor?.fullName}`}
            </button>
          </div>
        </>
      )}
    </Dialog>
  );
}

/** Delete or anonymise on request (delete_clients); financial records stay either way. */
export function DangerZone({ client }: { client: Client }) {
  const id = useId();
  const data = useClientsData();
  const navigate = useNavigate();
  const [mode, setMode] = useState<'delete' | 'anonymise' | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async () => {
    if (!mode) return;
    setBusy(true);
    setError(null);
    try {
      await data.remove(client.id, mode);
      toast({ title: mode === 'delete' ? `${client.fullName} deleted` : 'Client anonymised', variant: 'success' });
      navigate('/clients', { replace: true });
    } catch (e) {
      setError(errorText(e));
      setBusy(false);
    }
  };
  return (
    <section className="card danger-zone" aria-labelledby={`${id}-t`}>
      <h2 className="card-title" id={`${id}-t`}>
        Delete or anonymise
      </h2>
      <p className="muted small" style={{ marginBottom: '0.75rem' }}>
        When a client asks to be forgotten. Sales, payments and other financial records always stay for your books.
      </p>
      <div className="row gap wrap">
        <button
          type="button"
          className="btn btn-secondary btn-sm danger"
          onClick={() => setMode('anonymise')}
          data-testid="anonymise-client"
        >
          Anonymise…
        </button>
        <button type="button" className="btn btn-secondary btn-sm danger" onClick={() => setMode('delete')} data-testid="delete-client">
          Delete…
        </button>
      </div>
      {mode && (
        <Dialog
          title={mode === 'delete' ? `Delete ${client.fullName}?` : `Anonymise ${client.fullName}?`}
          onClose={() => setMode(null)}
          testId="remove-client-dialog"
          description={
            mode === 'delete'
              ? 'The client disappears from lists, search and booking. The record is kept in the background so sales, payments and appointments still add up.'
              : 'Name, contact details, birthday, address, tags, alerts and notes are erased for good and the profile disappears. Sales and payments stay for your books, without personal data.'
          }
        >
          {error && (
            <div className="alert alert-error" role="alert">
              {error}
            </div>
          )}
          <p className="small">This cannot be undone.</p>
          <div className="form-actions">
            <button type="button" className="btn btn-ghost" onClick={() => setMode(null)}>
              Cancel
            </button>
            <button type="button" className="btn btn-danger" onClick={() => void run()} disabled={busy} data-testid="confirm-remove-client">
              {busy ? 'Working…' : mode === 'delete' ? 'Delete client' : 'Anonymise client'}
            </button>
          </div>
        </Dialog>
      )}
    </section>
  );
}
