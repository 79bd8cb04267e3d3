import { useId, useState, type KeyboardEvent } from 'react';
import { errorText, fieldErrorsOf } from '../../pages/clients/clients-api';
import { useClientsData } from '../../pages/clients/clients-data';
import type { Client } from '@salon/contracts';
import { draftToInput, duplicateFrom409, duplicateSentence, type DuplicateHit, type QuickClientDraft } from './create-client';

export type CreateClientFn = (input: ReturnType<typeof draftToInput> & { allowDuplicate?: boolean }) => Promise<Client>;

interface Props {
  initial: QuickClientDraft;
  onCreated(client: Client): void;
  onCancel(): void;
  /** "open" on a duplicate: the caller decides (select it, or navigate to it). */
  onUseExisting(hit: { id: string; fullName: string | null }): void;
  useExistingLabel?: string;
  create?: CreateClientFn;
  title?: string;
}

/** First/last name, phone, e-mail → createClient; a 409 duplicate offers the existing client or "create anyway". */
export function QuickCreateForm({
  initial,
  onCreated,
  onCancel,
  onUseExisting,
  useExistingLabel = 'Open',
  create,
  title = 'New client',
}: Props) {
  const id = useId();
  const data = useClientsData();
  const [draft, setDraft] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [duplicate, setDuplicate] = useState<DuplicateHit | null>(null);

  const submit = async (allowDuplicate: boolean) => {
    const input = draftToInput(draft);
    if (!input.firstName) {
      setFieldErrors({ firstName: 'First name is required' });
      return;
    }
    setBusy(true);
    setError(null);
    setFieldErrors({});
    try {
      const created = await (create ?? data.create)(allowDuplicate ? { ...input, allowDuplicate: true } : input);
      onCreated(created);
    } catch (e) {
      const dup = duplicateFrom409(e, input);
      if (dup) setDuplicate(dup);
      else {
        setFieldErrors(fieldErrorsOf(e));
        setError(errorText(e));
      }
    } finally {
      setBusy(false);
    }
  };
  // Enter in a field creates, and goes no further: this sits inside other forms (the booking
  // dialog), so it is a group, not a <form>: a nested form submitted the outer one natively.
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key !== 'Enter' || !(e.target instanceof HTMLInputElement)) return;
    e.preventDefault();
    e.stopPropagation();
    if (!busy) void submit(false);
  };
  const set = (k: keyof QuickClientDraft) => (e: { target: { value: string } }) => {
    setDraft((d) => ({ ...d, [k]: e.target.value }));
    setDuplicate(null);
  };
  const field = (k: keyof QuickClientDraft, label: string, type = 'text', autoComplete = 'off') => (
    <div className="field">
      <label htmlFor={`${id}-${k}`}>
        {label}
        {k === 'firstName' && (
          <span className="req" aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </label>
      <input
        id={`${id}-${k}`}
        type={type}
        value={draft[k]}
        onChange={set(k)}
        autoComplete={autoComplete}
        required={k === 'firstName'}
        aria-invalid={fieldErrors[k] ? true : undefined}
        aria-describedby={fieldErrors[k] ? `${id}-${k}-err` : undefined}
        autoFocus={k === 'firstName' && !initial.firstName}
        inputMode={type === 'tel' ? 'tel' : undefined}
      />
      {fieldErrors[k] && (
        <span id={`${id}-${k}-err`} className="field-error">
          {fieldErrors[k]}
        </span>
      )}
    </div>
  );

  return (
    <div className="quick-create form" role="group" aria-labelledby={`${id}-title`} onKeyDown={onKeyDown} data-testid="quick-create-client">
      <h3 id={`${id}-title`}>{title}</h3>
      {error && (
        <div className="alert alert-error" role="alert">
          {error}
        </div>
      )}
      <div className="grid grid-2 tight">
        {field('firstName', 'First name')}
        {field('lastName', 'Last name')}
        {field('phone', 'Phone', 'tel')}
        {field('email', 'E-mail', 'email')}
      </div>
      {duplicate && (
        <div className="alert alert-warning" role="alert" data-testid="duplicate-warning">
          <p>{duplicateSentence(duplicate)}</p>
          <div className="row gap wrap duplicate-actions">
            {duplicate.id && (
              <button
                type="button"
                className="btn btn-secondary btn-sm"
                onClick={() => onUseExisting({ id: duplicate.id!, fullName: duplicate.fullName })}
              >
                {useExistingLabel}
              </button>
            )}
            <button type="button" className="btn btn-ghost btn-sm" onClick={() => void submit(true)} disabled={busy}>
              Create anyway
            </button>
          </div>
        </div>
      )}
      <div className="form-actions">
        <button type="button" className="btn btn-ghost" onClick={onCancel}>
          Cancel
        </button>
        <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void submit(false)}>
          {busy ? 'Creating…' : 'Create client'}
        </button>
      </div>
    </div>
  );
}
