import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { formatDateTime } from '../../lib/format';
import { toast } from '../../shell/Toaster';
import type { Client } from '@salon/contracts';
import { currentFromConflict, errorText, fieldErrorsOf } from '../clients/clients-api';
import { useClientsData } from '../clients/clients-data';
import {
  ADDRESS_LABELS,
  ADDRESS_PARTS,
  FIELD_LABELS,
  SOURCE_SUGGESTIONS,
  conflictRows,
  displayValue,
  draftFromClient,
  patchFromDraft,
  type ClientPatch,
  type ConflictRow,
  type Draft,
  type EditField,
} from './client-edit';
import type { useNames } from './use-client';

type Names = ReturnType<typeof useNames>;

interface Conflict {
  theirs: Client;
  base: Client;
  patch: ClientPatch;
  rows: ConflictRow[];
}

const VIEW_FIELDS: EditField[] = [
  'firstName',
  'lastName',
  'phone',
  'email',
  'birthday',
  'source',
  'preferredLocationId',
  'preferredStaffId',
  'address',
];

/** Contact details with edit in place: click a value (or Edit) → inputs → Save/Cancel, PATCH with `version`. */
export function DetailsCard({ client, canEdit, names }: { client: Client; canEdit: boolean; names: Names }) {
  const id = useId();
  const data = useClientsData();
  const [editing, setEditing] = useState(false);
  const [focusField, setFocusField] = useState<string | null>(null);
  const [draft, setDraft] = useState<Draft>(() => draftFromClient(client));
  const [base, setBase] = useState<Client>(client);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [conflict, setConflict] = useState<Conflict | null>(null);
  const formRef = useRef<HTMLFormElement>(null);

  // While not editing, follow the latest client.
  useEffect(() => {
    if (!editing) {
      setDraft(draftFromClient(client));
      setBase(client);
    }
  }, [client, editing]);

  useEffect(() => {
    if (editing && focusField) formRef.current?.querySelector<HTMLElement>(`[name="${focusField}"]`)?.focus();
  }, [editing, focusField]);

  const start = (field: string | null) => {
    if (!canEdit) return;
    setDraft(draftFromClient(client));
    setBase(client);
    setFocusField(field ?? 'firstName');
    setEditing(true);
    setError(null);
    setFieldErrors({});
    setConflict(null);
  };
  const cancel = () => {
    setEditing(false);
    setConflict(null);
    setError(null);
    setFieldErrors({});
  };

  const send = async (patch: ClientPatch, version: number, baseClient: Client) => {
    setSaving(true);
    setError(null);
    setFieldErrors({});
    try {
      await data.update(client.id, { ...patch, version });
      setEditing(false);
      setConflict(null);
      toast({ title: 'Saved', variant: 'success' });
    } catch (e) {
      const theirs = currentFromConflict<Client>(e);
      if (theirs) {
        setConflict({
          theirs,
          base: baseClient,
          patch,
          rows: conflictRows(baseClient, theirs, patch, { location: names.location, staff: names.person }),
        });
      } else {
        setFieldErrors(fieldErrorsOf(e));
        setError(errorText(e));
      }
    } finally {
      setSaving(false);
    }
  };

  const save = (e: FormEvent) => {
    e.preventDefault();
    if (!draft.firstName.trim()) {
      setFieldErrors({ firstName: 'First name is required' });
      return;
    }
    const patch = patchFromDraft(base, draft);
    if (!Object.keys(patch).length) {
      setEditing(false);
      return;
    }
    void send(patch, base.version, base);
  };

  const set = (k: Exclude<EditField, 'address'>) => (e: { target: { value: string } }) => setDraft((d) => ({ ...d, [k]: e.target.value }));
  const errFor = (k: string) => fieldErrors[k] ?? fieldErrors[`address.${k}`];

  const input = (k: Exclude<EditField, 'address'>, type = 'text', extra: Record<string, unknown> = {}) => (
    <div className="field">
      <label htmlFor={`${id}-${k}`}>
        {FIELD_LABELS[k]}
        {k === 'firstName' && (
          <span className="req" aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </label>
      <input
        id={`${id}-${k}`}
        name={k}
        type={type}
        value={draft[k]}
        onChange={set(k)}
        aria-invalid={errFor(k) ? true : undefined}
        aria-describedby={errFor(k) ? `${id}-${k}-err` : undefined}
        data-testid={`client-field-${k}`}
        {...extra}
      />
      {errFor(k) && (
        <span id={`${id}-${k}-err`} className="field-error">
          {errFor(k)}
        </span>
      )}
    </div>
  );

  const select = (k: 'preferredLocationId' | 'preferredStaffId', options: { id: string; name: string }[]) => (
    <div className="field">
      <label htmlFor={`${id}-${k}`}>{FIELD_LABELS[k]}</label>
      <select
        id={`${id}-${k}`}
        name={k}
        value={draft[k]}
        onChange={set(k)}
        data-testid={`client-field-${k}`}
        aria-invalid={errFor(k) ? true : undefined}
      >
        <option value="">No preference</option>
        {draft[k] && !options.some((o) => o.id === draft[k]) && (
          <option value={draft[k]}>{k === 'preferredStaffId' ? 'A team member' : 'Unknown location'}</option>
        )}
        {options.map((o) => (
          <option key={o.id} value={o.id}>
            {o.name}
          </option>
        ))}
      </select>
      {errFor(k) && <span className="field-error">{errFor(k)}</span>}
    </div>
  );

  return (
    <section className="card" aria-labelledby={`${id}-title`}>
      <div className="card-head">
        <h2 className="card-title" id={`${id}-title`}>
          Details
        </h2>
        {canEdit && !editing && (
          <button type="button" className="btn btn-secondary btn-sm" onClick={() => start(null)} data-testid="client-edit">
            Edit
          </button>
        )}
      </div>

      {conflict && (
        <div className="conflict-box" role="alert" data-testid="client-conflict">
          <strong>Someone else changed this client</strong>
          <p className="small">
            {names.person(conflict.theirs.updatedBy) ?? 'A team member'} saved changes {formatDateTime(conflict.theirs.updatedAt)} while you
            were editing. Nothing has been saved yet.
          </p>
          <table className="conflict-table">
            <thead>
              <tr>
                <th scope="col">Field</th>
                <th scope="col">Your edit</th>
                <th scope="col">Their latest</th>
              </tr>
            </thead>
            <tbody>
              {conflict.rows.map((r) => (
                <tr key={r.field}>
                  <th scope="row">{r.label}</th>
                  <td>{r.youChanged ? r.yours || <em className="muted">empty</em> : <span className="muted">unchanged</span>}</td>
                  <td>{r.theyChanged ? r.theirs || <em className="muted">empty</em> : <span className="muted">unchanged</span>}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <div className="row gap wrap">
            <button
              type="button"
              className="btn btn-secondary btn-sm"
              onClick={() => {
                data.show(conflict.theirs);
                setConflict(null);
                setEditing(false);
              }}
              data-testid="conflict-reload"
            >
              Discard mine, show theirs
            </button>
            <button
              type="button"
              className="btn btn-primary btn-sm"
              disabled={saving}
              onClick={() => void send(conflict.patch, conflict.theirs.version, conflict.theirs)}
              data-testid="conflict-overwrite"
            >
              Save mine over theirs
            </button>
          </div>
        </div>
      )}

      {editing ? (
        <form
          ref={formRef}
          className="form"
          onSubmit={save}
          noValidate
          aria-label="Edit client details"
          onKeyDown={(e) => e.key === 'Escape' && cancel()}
        >
          {error && !conflict && (
            <div className="alert alert-error" role="alert">
              {error}
            </div>
          )}
          <div className="grid grid-2 tight">
            {input('firstName', 'text', { autoComplete: 'off', required: true })}
            {input('lastName', 'text', { autoComplete: 'off' })}
            {input('phone', 'tel', { inputMode: 'tel', placeholder: '(312) 555-0101' })}
            {input('email', 'email')}
            {input('birthday', 'date')}
            <div className="field">
              <label htmlFor={`${id}-source`}>{FIELD_LABELS.source}</label>
              <input
                id={`${id}-source`}
                name="source"
                list={`${id}-sources`}
                value={draft.source}
                onChange={set('source')}
                data-testid="client-field-source"
                placeholder="How they found you"
              />
              <datalist id={`${id}-sources`}>
                {SOURCE_SUGGESTIONS.map((s) => (
                  <option key={s} value={s} />
                ))}
              </datalist>
            </div>
            {select(
              'preferredLocationId',
              names.locations.filter((l) => l.isActive || l.id === draft.preferredLocationId),
            )}
            {names.canSeeStaff &&
              select(
                'preferredStaffId',
                names.staff
                  .filter((s) => s.isActive || s.id === draft.preferredStaffId)
                  .map((s) => ({ id: s.id, name: s.fullName || s.email })),
              )}
          </div>
          <fieldset className="fieldset">
            <legend>Address</legend>
            <div className="grid grid-3 tight">
              {ADDRESS_PARTS.map((p) => (
                <div className="field" key={p}>
                  <label htmlFor={`${id}-addr-${p}`}>{ADDRESS_LABELS[p]}</label>
                  <input
                    id={`${id}-addr-${p}`}
                    name={p === 'line1' ? 'address' : `address-${p}`}
                    value={draft.address[p]}
                    onChange={(e) => setDraft((d) => ({ ...d, address: { ...d.address, [p]: e.target.value } }))}
                    data-testid={`client-field-address-${p}`}
                  />
                  {errFor(p) && <span className="field-error">{errFor(p)}</span>}
                </div>
              ))}
            </div>
          </fieldset>
          <div className="form-actions">
            <button type="button" className="btn btn-ghost" onClick={cancel}>
              Cancel
            </button>
            <button type="submit" className="btn btn-primary" disabled={saving || !!conflict} data-testid="client-save">
              {saving ? 'Saving…' : 'Save'}
            </button>
          </div>
        </form>
      ) : (
        <dl className="field-list">
          {VIEW_FIELDS.filter((f) => f !== 'preferredStaffId' || names.canSeeStaff || client.preferredStaffId).map((f) => {
            const shown = displayValue(f, client, { location: names.location, staff: names.person });
            const content = shown ? (
              f === 'email' || f === 'phone' ? (
                <span>{shown}</span>
              ) : (
                shown
              )
            ) : (
              <span className="muted">{canEdit ? 'Add' : '—'}</span>
            );
            return (
              <div key={f} className={`field-item${f === 'address' ? ' span-all' : ''}`}>
                <dt id={`${id}-dt-${f}`}>{FIELD_LABELS[f]}</dt>
                <dd>
                  {canEdit ? (
                    <button
                      type="button"
                      className="field-value"
                      onClick={() => start(f === 'address' ? 'address' : f)}
                      aria-describedby={`${id}-dt-${f}`}
                      // The name starts with what is seen ("Add", or the value): WCAG 2.5.3.
                      aria-label={shown ? `${shown}: edit ${FIELD_LABELS[f].toLowerCase()}` : `Add ${FIELD_LABELS[f].toLowerCase()}`}
                      data-testid={`client-field-${f}`}
                    >
                      {content}
                    </button>
                  ) : (
                    <span data-testid={`client-field-${f}`}>{content}</span>
                  )}
                </dd>
              </div>
            );
          })}
        </dl>
      )}
    </section>
  );
}
