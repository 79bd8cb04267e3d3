import { useId, useMemo, useState, type FormEvent } from 'react';
import { formatDateTime } from '../../lib/format';
import { toast } from '../../shell/Toaster';
import type { Note, NoteTemplate, NoteValues } from '@salon/contracts';
import { currentFromConflict, errorText, fieldErrorsOf } from '../clients/clients-api';
import { useClientNotes, useClientsData, useNoteTemplates } from '../clients/clients-data';
import { TemplateForm } from '../note-templates/TemplateForm';
import {
  displayFieldValue,
  emptyValues,
  fieldIdOfError,
  formValuesFrom,
  validateValues,
  valuesToSend,
  type FormValues,
} from '../note-templates/template-values';
import { editDiffers, resolveNoteConflict, type NoteConflict, type NoteEdit } from './note-conflict';

export const useNotes = useClientNotes;
export const useTemplates = useNoteTemplates;

function serverFieldErrors(e: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(fieldErrorsOf(e))) out[fieldIdOfError(k)] = v;
  return out;
}

/** Notes: pinned first; free notes and structured notes from templates; pin, edit (with conflicts shown), delete. */
export function NotesPanel({ clientId, canEdit, compact }: { clientId: string; canEdit: boolean; compact?: boolean }) {
  const id = useId();
  const notes = useNotes(clientId);
  const templates = useTemplates();
  const byId = useMemo(() => new Map((templates.data ?? []).map((t) => [t.id, t])), [templates.data]);
  const shown = compact ? (notes.data ?? []).filter((n) => n.pinned) : (notes.data ?? []);

  return (
    <section className="card" aria-labelledby={`${id}-t`} data-testid={compact ? 'pinned-notes' : 'notes-panel'}>
      <div className="card-head">
        <h2 className="card-title" id={`${id}-t`}>
          {compact ? 'Pinned notes' : 'Notes'}
        </h2>
        {!compact && notes.data && (
          <span className="muted small">
            {notes.data.length} {notes.data.length === 1 ? 'note' : 'notes'}
          </span>
        )}
      </div>
      {!compact && canEdit && <NoteComposer clientId={clientId} templates={(templates.data ?? []).filter((t) => !t.archived)} />}
      {notes.isPending ? (
        <p className="muted">Loading notes…</p>
      ) : notes.error ? (
        <div className="alert alert-error" role="alert">
          {errorText(notes.error)}
        </div>
      ) : shown.length === 0 ? (
        <p className="muted small">{compact ? 'Pin a note to keep it here.' : 'No notes yet.'}</p>
      ) : (
        <ul className="notes-list" style={{ marginTop: compact ? 0 : '1rem' }}>
          {shown.map((n) => (
            <NoteItem
              key={n.id}
              note={n}
              clientId={clientId}
              template={n.templateId ? (byId.get(n.templateId) ?? null) : null}
              canEdit={canEdit}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

function NoteComposer({ clientId, templates }: { clientId: string; templates: NoteTemplate[] }) {
  const id = useId();
  const data = useClientsData();
  const [templateId, setTemplateId] = useState('');
  const [body, setBody] = useState('');
  const [values, setValues] = useState<FormValues>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const template = templates.find((t) => t.id === templateId) ?? null;

  const pick = (tid: string) => {
    setTemplateId(tid);
    const t = templates.find((x) => x.id === tid);
    setValues(t ? emptyValues(t) : {});
    setErrors({});
    setError(null);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    let payload: { body: string } | { templateId: string; values: NoteValues };
    if (template) {
      const errs = validateValues(template, values);
      setErrors(errs);
      if (Object.keys(errs).length) {
        setError('Some fields need attention.');
        return;
      }
      payload = { templateId: template.id, values: valuesToSend(template, values) };
    } else {
      if (!body.trim()) {
        setErrors({ body: 'Write something first' });
        return;
      }
      payload = { body: body.trim() };
    }
    setBusy(true);
    try {
      await data.addNote(clientId, payload);
      setBody('');
      setErrors({});
      if (template) setValues(emptyValues(template));
      toast({ title: 'Note added', variant: 'success' });
    } catch (err) {
      setErrors(serverFieldErrors(err));
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="note-composer" onSubmit={submit} noValidate aria-label="Add a note">
      <div className="field">
        <label htmlFor={`${id}-tpl`}>Note type</label>
        <select id={`${id}-tpl`} value={templateId} onChange={(e) => pick(e.target.value)} data-testid="note-template-select">
          <option value="">Free note</option>
          {templates.map((t) => (
            <option key={t.id} value={t.id}>
              {t.name}
            </option>
          ))}
        </select>
      </div>
      {error && (
        <div className="alert alert-error" role="alert">
          {error}
        </div>
      )}
      {template ? (
        <>
          {template.description && <p className="muted small">{template.description}</p>}
          <TemplateForm
            template={template}
            values={values}
            onChange={(f, v) => setValues((old) => ({ ...old, [f]: v }))}
            errors={errors}
            idPrefix={`${id}-new`}
          />
        </>
      ) : (
        <div className="field">
          <label htmlFor={`${id}-body`} className="visually-hidden">
            Note
          </label>
          <textarea
            id={`${id}-body`}
            value={body}
            onChange={(e) => setBody(e.target.value)}
            placeholder="Write a note… (Ctrl+Enter to save)"
            aria-invalid={errors.body ? true : undefined}
            aria-describedby={errors.body ? `${id}-body-err` : undefined}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) void submit(e as unknown as FormEvent);
            }}
            data-testid="note-body"
          />
          {errors.body && (
            <span id={`${id}-body-err`} className="field-error">
              {errors.body}
            </span>
          )}
        </div>
      )}
      <div className="form-actions">
        <button type="submit" className="btn btn-primary" disabled={busy} data-testid="add-note">
          {busy ? 'Saving…' : 'Add note'}
        </button>
      </div>
    </form>
  );
}

function NoteValuesView({ note, template }: { note: Note; template: NoteTemplate | null }) {
  if (!template) {
    const entries = Object.entries(note.values ?? {}).filter(([, v]) => v !== null && v !== '' && v !== undefined);
    return (
      <dl className="note-values">
        {entries.map(([k, v]) => (
          <div key={k} style={{ display: 'contents' }}>
            <dt>{k}</dt>
            <dd>{String(v)}</dd>
          </div>
        ))}
      </dl>
    );
  }
  return (
    <dl className="note-values">
      {template.sections.map((s) => {
        const filled = s.fields.filter((f) => displayFieldValue(f, note.values?.[f.id]) !== '');
        if (!filled.length) return null;
        return (
          <div key={s.id} style={{ display: 'contents' }}>
            {template.sections.length > 1 && <div className="note-section-title">{s.title}</div>}
            {filled.map((f) => (
              <div key={f.id} style={{ display: 'contents' }}>
                <dt>{f.label}</dt>
                <dd>{displayFieldValue(f, note.values?.[f.id])}</dd>
              </div>
            ))}
          </div>
        );
      })}
    </dl>
  );
}

function NoteItem({
  note,
  clientId,
  template,
  canEdit,
}: {
  note: Note;
  clientId: string;
  template: NoteTemplate | null;
  canEdit: boolean;
}) {
  const id = useId();
  const data = useClientsData();
  const [editing, setEditing] = useState(false);
  const [body, setBody] = useState(note.body ?? '');
  const [values, setValues] = useState<FormValues>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [conflict, setConflict] = useState<NoteConflict | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const structured = !!note.templateId;

  const put = (n: Note) => data.showNote(clientId, n);

  const startEdit = () => {
    setBody(note.body ?? '');
    if (template) setValues(formValuesFrom(template, note.values));
    setErrors({});
    setError(null);
    setConflict(null);
    setEditing(true);
  };

  const send = async (edit: NoteEdit, version: number) => {
    setBusy(true);
    setError(null);
    try {
      const saved = await data.updateNote(clientId, note.id, { ...edit, version });
      put(saved);
      setEditing(false);
      setConflict(null);
    } catch (e) {
      const theirs = currentFromConflict<Note>(e);
      if (theirs) {
        if (!editDiffers(edit, theirs)) {
          put(theirs);
          setEditing(false);
          setConflict(null);
        } else setConflict({ noteId: note.id, mine: edit, theirs });
      } else {
        setErrors(serverFieldErrors(e));
        setError(errorText(e));
      }
    } finally {
      setBusy(false);
    }
  };

  const save = (e: FormEvent) => {
    e.preventDefault();
    let edit: NoteEdit;
    if (structured && template) {
      const errs = validateValues(template, values);
      setErrors(errs);
      if (Object.keys(errs).length) return;
      edit = { values: valuesToSend(template, values) };
    } else {
      if (!body.trim()) {
        setErrors({ body: 'A note cannot be empty; delete it instead' });
        return;
      }
      edit = { body: body.trim() };
    }
    void send(edit, note.version);
  };

  const resolve = (choice: 'keep-mine' | 'discard') => {
    if (!conflict) return;
    const r = resolveNoteConflict(conflict, choice);
    if (r.action === 'accept') {
      put(r.note);
      setConflict(null);
      setEditing(false);
    } else {
      const { version, ...edit } = r.patch;
      void send(edit, version);
    }
  };

  const togglePin = async () => {
    setBusy(true);
    try {
      let target = note;
      for (let attempt = 0; attempt < 2; attempt++) {
        try {
          put(await data.updateNote(clientId, note.id, { pinned: !note.pinned, version: target.version }));
          break;
        } catch (e) {
          const theirs = currentFromConflict<Note>(e);
          if (!theirs || attempt === 1) throw e;
          if (theirs.pinned === !note.pinned) {
            put(theirs);
            break;
          }
          target = theirs;
        }
      }
    } catch (e) {
      toast({ title: 'Could not change the pin', description: errorText(e), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    setBusy(true);
    try {
      await data.deleteNote(clientId, note.id);
      toast({ title: 'Note deleted', variant: 'success' });
    } catch (e) {
      toast({ title: 'Could not delete the note', description: errorText(e), variant: 'destructive' });
      setBusy(false);
    }
  };

  const edited = note.updatedAt !== note.createdAt;
  const renderEdit = (edit: NoteEdit) =>
    edit.body !== undefined ? (
      <p className="note-body">{edit.body}</p>
    ) : (
      <NoteValuesView note={{ ...note, values: edit.values ?? null }} template={template} />
    );

  return (
    <li
      className={`note${note.pinned ? ' is-pinned' : ''}`}
      data-testid={`note-${note.id}`}
      aria-label={`Note by ${note.authorName ?? 'a team member'}`}
    >
      <div className="note-head">
        <div>
          <div className="row gap wrap">
            {note.pinned && <span className="badge badge-primary">Pinned</span>}
            {note.templateName && <span className="badge">{note.templateName}</span>}
          </div>
          <div className="note-meta">
            {note.authorName ?? 'A team member'} · <time dateTime={note.createdAt}>{formatDateTime(note.createdAt)}</time>
            {edited && <> · edited {formatDateTime(note.updatedAt)}</>}
          </div>
        </div>
        {canEdit && !editing && (
          <div className="note-actions">
            <button
              type="button"
              className="btn btn-ghost btn-xs pin-btn"
              aria-pressed={note.pinned}
              onClick={() => void togglePin()}
              disabled={busy}
              data-testid={`note-pin-${note.id}`}
            >
              {note.pinned ? 'Unpin' : 'Pin'}
            </button>
            {(!structured || template) && (
              <button type="button" className="btn btn-ghost btn-xs" onClick={startEdit} data-testid={`note-edit-${note.id}`}>
                Edit
              </button>
            )}
            {confirmDelete ? (
              <>
                <button
                  type="button"
                  className="btn btn-danger btn-xs"
                  onClick={() => void remove()}
                  disabled={busy}
                  data-testid={`note-delete-confirm-${note.id}`}
                >
                  Delete note
                </button>
                <button type="button" className="btn btn-ghost btn-xs" onClick={() => setConfirmDelete(false)}>
                  Keep
                </button>
              </>
            ) : (
              <button
                type="button"
                className="btn btn-ghost btn-xs danger"
                onClick={() => setConfirmDelete(true)}
                data-testid={`note-delete-${note.id}`}
              >
                Delete
              </button>
            )}
          </div>
        )}
      </div>

      {conflict && (
        <div className="conflict-box" role="alert" data-testid={`note-conflict-${note.id}`}>
          <strong>Someone else changed this note while you were editing</strong>
          <p className="small">Nothing is lost: compare both versions, then keep yours or take theirs.</p>
          <div className="conflict-cols">
            <div className="conflict-col">
              <h4>Your edit</h4>
              {renderEdit(conflict.mine)}
            </div>
            <div className="conflict-col">
              <h4>
                Their latest · {conflict.theirs.authorName ?? 'a team member'}, {formatDateTime(conflict.theirs.updatedAt)}
              </h4>
              {conflict.theirs.templateId ? (
                <NoteValuesView note={conflict.theirs} template={template} />
              ) : (
                <p className="note-body">{conflict.theirs.body}</p>
              )}
            </div>
          </div>
          <div className="row gap wrap">
            <button
              type="button"
              className="btn btn-primary btn-sm"
              onClick={() => resolve('keep-mine')}
              disabled={busy}
              data-testid="note-keep-mine"
            >
              Keep my edit
            </button>
            <button
              type="button"
              className="btn btn-secondary btn-sm"
              onClick={() => resolve('discard')}
              disabled={busy}
              data-testid="note-discard-mine"
            >
              Discard my edit
            </button>
          </div>
        </div>
      )}

      {editing && !conflict ? (
        <form
          className="note-composer"
          onSubmit={save}
          noValidate
          aria-label="Edit note"
          onKeyDown={(e) => e.key === 'Escape' && setEditing(false)}
        >
          {error && (
            <div className="alert alert-error" role="alert">
              {error}
            </div>
          )}
          {structured && template ? (
            <TemplateForm
              template={template}
              values={values}
              onChange={(f, v) => setValues((old) => ({ ...old, [f]: v }))}
              errors={errors}
              idPrefix={`${id}-edit`}
            />
          ) : (
            <div className="field">
              <label htmlFor={`${id}-body`} className="visually-hidden">
                Note
              </label>
              <textarea
                id={`${id}-body`}
                value={body}
                onChange={(e) => setBody(e.target.value)}
                autoFocus
                aria-invalid={errors.body ? true : undefined}
              />
              {errors.body && <span className="field-error">{errors.body}</span>}
            </div>
          )}
          <div className="form-actions">
            <button type="button" className="btn btn-ghost btn-sm" onClick={() => setEditing(false)}>
              Cancel
            </button>
            <button type="submit" className="btn btn-primary btn-sm" disabled={busy} data-testid={`note-save-${note.id}`}>
              {busy ? 'Saving…' : 'Save'}
            </button>
          </div>
        </form>
      ) : !editing ? (
        structured ? (
          <NoteValuesView note={note} template={template} />
        ) : (
          <p className="note-body">{note.body}</p>
        )
      ) : null}
    </li>
  );
}
