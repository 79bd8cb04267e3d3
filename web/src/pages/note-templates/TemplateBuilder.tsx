import { useEffect, useId, useReducer, useState, type FormEvent } from 'react';
import type { FieldType, NoteTemplate } from '@salon/contracts';
import { currentFromConflict, errorText, fieldErrorsOf, type TemplateInput } from '../clients/clients-api';
import { formatDateTime } from '../../lib/format';
import { TemplateForm } from './TemplateForm';
import {
  builderReducer,
  emptyBuilder,
  fromTemplate,
  normalizeErrorPath,
  starterTemplate,
  toTemplateInput,
  validateTemplate,
  type TemplateDraft,
} from './template-builder';
import { FIELD_TYPES, emptyValues, type FormValues } from './template-values';

export interface TemplateBuilderProps {
  template: TemplateDraft | null;
  canManage: boolean;
  save(input: TemplateInput, id: string | null, version?: number): Promise<NoteTemplate>;
  archive?(id: string): Promise<void>;
  onSaved?(t: NoteTemplate): void;
}

/** Sections and fields of a note template, with a live preview of the form staff will fill. */
export function TemplateBuilder({ template, canManage, save, archive, onSaved }: TemplateBuilderProps) {
  const id = useId();
  const [state, dispatch] = useReducer(builderReducer, template, (t) => (t ? fromTemplate(t) : emptyBuilder()));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [optionText, setOptionText] = useState<Record<string, string>>({});
  const [preview, setPreview] = useState<FormValues>({});
  const [theirs, setTheirs] = useState<NoteTemplate | null>(null);

  useEffect(() => {
    dispatch({ type: 'load', template });
    setErrors({});
    setError(null);
  }, [template]);

  const ro = !canManage;
  let fieldIndex = 0;

  const submit = async (e: FormEvent, overVersion?: number) => {
    e.preventDefault();
    const problems = validateTemplate(state);
    setErrors(problems);
    if (Object.keys(problems).length) {
      setError('Fix the highlighted fields before saving.');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const saved = await save(toTemplateInput(state), state.id || null, overVersion ?? state.version);
      setTheirs(null);
      dispatch({ type: 'saved', template: saved });
      onSaved?.(saved);
    } catch (err) {
      const current = currentFromConflict<NoteTemplate & { version: number }>(err);
      if (current) {
        setTheirs(current);
        setError(null);
        return;
      }
      const fe: Record<string, string> = {};
      for (const [k, v] of Object.entries(fieldErrorsOf(err))) fe[normalizeErrorPath(k)] = v;
      setErrors(fe);
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };

  const err = (path: string) =>
    errors[path] ? (
      <span className="field-error" id={`${id}-${path}`}>
        {errors[path]}
      </span>
    ) : null;
  const invalid = (path: string) => ({
    'aria-invalid': errors[path] ? true : undefined,
    'aria-describedby': errors[path] ? `${id}-${path}` : undefined,
  });

  const applyStarter = (kind: 'soap' | 'colour') => {
    const s = starterTemplate(kind);
    dispatch({
      type: 'load',
      template: { id: '', name: s.name, description: s.description, sections: s.sections, archived: false, createdAt: '', updatedAt: '' },
    });
    // A starter is a new template: forget the empty id `load` took from it.
    dispatch({ type: 'setName', name: s.name });
  };

  return (
    <form className="stack" onSubmit={submit} noValidate aria-label={state.id ? `Edit template ${state.name}` : 'New template'}>
      {state.archived && (
        <div className="alert alert-warning">This template is archived: it is no longer offered for new notes. Existing notes keep it.</div>
      )}
      <div className="builder-grid">
        <div className="stack-md">
          <section className="card stack-md">
            {!state.id && canManage && (
              <div className="row gap wrap">
                <span className="muted small">Start from:</span>
                <button type="button" className="btn btn-ghost btn-xs" onClick={() => applyStarter('soap')}>
                  SOAP note
                </button>
                <button type="button" className="btn btn-ghost btn-xs" onClick={() => applyStarter('colour')}>
                  Colour formula
                </button>
              </div>
            )}
            <div className="field">
              <label htmlFor={`${id}-name`}>
                Template name
                <span className="req" aria-hidden="true">
                  {' '}
                  *
                </span>
              </label>
              <input
                id={`${id}-name`}
                value={state.name}
                onChange={(e) => dispatch({ type: 'setName', name: e.target.value })}
                readOnly={ro}
                maxLength={100}
                {...invalid('name')}
                data-testid="template-name"
              />
              {err('name')}
            </div>
            <div className="field">
              <label htmlFor={`${id}-desc`}>Description</label>
              <input
                id={`${id}-desc`}
                value={state.description}
                onChange={(e) => dispatch({ type: 'setDescription', description: e.target.value })}
                readOnly={ro}
                maxLength={1000}
                placeholder="When to use it"
                {...invalid('description')}
              />
              {err('description')}
            </div>
            {err('sections')}
          </section>

          {state.sections.map((sec, si) => (
            <section
              key={sec.id}
              className="builder-section"
              aria-label={`Section ${si + 1}: ${sec.title || 'untitled'}`}
              data-testid={`builder-section-${si}`}
            >
              <div className="builder-section-head">
                <div className="field">
                  <label htmlFor={`${id}-s-${sec.id}`}>Section {si + 1} title</label>
                  <input
                    id={`${id}-s-${sec.id}`}
                    value={sec.title}
                    onChange={(e) => dispatch({ type: 'renameSection', sectionId: sec.id, title: e.target.value })}
                    readOnly={ro}
                    {...invalid(`sections.${si}.title`)}
                    data-testid={`section-title-${si}`}
                  />
                  {err(`sections.${si}.title`)}
                </div>
                {canManage && (
                  <div className="builder-actions">
                    <button
                      type="button"
                      className="icon-btn"
                      aria-label={`Move section ${sec.title || si + 1} up`}
                      disabled={si === 0}
                      onClick={() => dispatch({ type: 'moveSection', sectionId: sec.id, by: -1 })}
                    >
                      ↑
                    </button>
                    <button
                      type="button"
                      className="icon-btn"
                      aria-label={`Move section ${sec.title || si + 1} down`}
                      disabled={si === state.sections.length - 1}
                      onClick={() => dispatch({ type: 'moveSection', sectionId: sec.id, by: 1 })}
                    >
                      ↓
                    </button>
                    <button
                      type="button"
                      className="icon-btn"
                      aria-label={`Remove section ${sec.title || si + 1}`}
                      onClick={() => dispatch({ type: 'removeSection', sectionId: sec.id })}
                    >
                      ×
                    </button>
                  </div>
                )}
              </div>
              {err(`sections.${si}.fields`)}
              {sec.fields.map((f, fi) => {
                const i = fieldIndex++;
                const base = `sections.${si}.fields.${fi}`;
                return (
                  <div key={f.id} className="builder-field" data-testid={`builder-field-${i}`}>
                    <div className="field">
                      <label htmlFor={`${id}-fl-${f.id}`}>Field label</label>
                      <input
                        id={`${id}-fl-${f.id}`}
                        value={f.label}
                        onChange={(e) =>
                          dispatch({ type: 'updateField', sectionId: sec.id, fieldId: f.id, patch: { label: e.target.value } })
                        }
                        readOnly={ro}
                        {...invalid(`${base}.label`)}
                        data-testid={`field-label-${i}`}
                      />
                      {err(`${base}.label`)}
                    </div>
                    <div className="field">
                      <label htmlFor={`${id}-ft-${f.id}`}>Type</label>
                      <select
                        id={`${id}-ft-${f.id}`}
                        value={f.type}
                        disabled={ro}
                        onChange={(e) =>
                          dispatch({ type: 'updateField', sectionId: sec.id, fieldId: f.id, patch: { type: e.target.value as FieldType } })
                        }
                        data-testid={`field-type-${i}`}
                      >
                        {FIELD_TYPES.map((t) => (
                          <option key={t.value} value={t.value}>
                            {t.label}
                          </option>
                        ))}
                      </select>
                    </div>
                    <div className="row gap">
                      <label className="checkbox">
                        <input
                          type="checkbox"
                          checked={f.required}
                          disabled={ro}
                          onChange={(e) =>
                            dispatch({ type: 'updateField', sectionId: sec.id, fieldId: f.id, patch: { required: e.target.checked } })
                          }
                          data-testid={`field-required-${i}`}
                        />
                        Required
                      </label>
                      {canManage && (
                        <span className="builder-actions">
                          <button
                            type="button"
                            className="icon-btn"
                            aria-label={`Move field ${f.label || i + 1} up`}
                            disabled={fi === 0}
                            onClick={() => dispatch({ type: 'moveField', sectionId: sec.id, fieldId: f.id, by: -1 })}
                          >
                            ↑
                          </button>
                          <button
                            type="button"
                            className="icon-btn"
                            aria-label={`Move field ${f.label || i + 1} down`}
                            disabled={fi === sec.fields.length - 1}
                            onClick={() => dispatch({ type: 'moveField', sectionId: sec.id, fieldId: f.id, by: 1 })}
                          >
                            ↓
                          </button>
                          <button
                            type="button"
                            className="icon-btn"
                            aria-label={`Remove field ${f.label || i + 1}`}
                            onClick={() => dispatch({ type: 'removeField', sectionId: sec.id, fieldId: f.id })}
                          >
                            ×
                          </button>
                        </span>
                      )}
                    </div>
                    {f.type === 'choice' && (
                      <div className="options-editor">
                        <span className="label">Options</span>
                        <div className="options-list" data-testid={`field-options-${i}`}>
                          {(f.options ?? []).map((o, oi) => (
                            <span key={o} className="chip-removable">
                              {o}
                              {canManage && (
                                <>
                                  <button
                                    type="button"
                                    aria-label={`Move option ${o} left`}
                                    disabled={oi === 0}
                                    onClick={() => dispatch({ type: 'moveOption', sectionId: sec.id, fieldId: f.id, index: oi, by: -1 })}
                                  >
                                    ‹
                                  </button>
                                  <button
                                    type="button"
                                    aria-label={`Remove option ${o}`}
                                    onClick={() => dispatch({ type: 'removeOption', sectionId: sec.id, fieldId: f.id, index: oi })}
                                  >
                                    ×
                                  </button>
                                </>
                              )}
                            </span>
                          ))}
                          {!(f.options ?? []).length && <span className="muted small">No options yet</span>}
                        </div>
                        {canManage && (
                          <div className="row gap">
                            <label htmlFor={`${id}-opt-${f.id}`} className="visually-hidden">
                              New option for {f.label || 'this field'}
                            </label>
                            <input
                              id={`${id}-opt-${f.id}`}
                              value={optionText[f.id] ?? ''}
                              placeholder="Add an option and press Enter"
                              onChange={(e) => setOptionText((o) => ({ ...o, [f.id]: e.target.value }))}
                              onKeyDown={(e) => {
                                if (e.key === 'Enter') {
                                  e.preventDefault();
                                  dispatch({ type: 'addOption', sectionId: sec.id, fieldId: f.id, option: optionText[f.id] ?? '' });
                                  setOptionText((o) => ({ ...o, [f.id]: '' }));
                                }
                              }}
                              {...invalid(`${base}.options`)}
                              data-testid={`field-option-input-${i}`}
                            />
                            <button
                              type="button"
                              className="btn btn-secondary btn-sm"
                              onClick={() => {
                                dispatch({ type: 'addOption', sectionId: sec.id, fieldId: f.id, option: optionText[f.id] ?? '' });
                                setOptionText((o) => ({ ...o, [f.id]: '' }));
                              }}
                            >
                              Add
                            </button>
                          </div>
                        )}
                        {err(`${base}.options`)}
                      </div>
                    )}
                  </div>
                );
              })}
              {canManage && (
                <div>
                  <button
                    type="button"
                    className="btn btn-ghost btn-sm"
                    onClick={() => dispatch({ type: 'addField', sectionId: sec.id })}
                    data-testid={si === state.sections.length - 1 ? 'add-field' : `add-field-${si}`}
                  >
                    + Add field
                  </button>
                </div>
              )}
            </section>
          ))}
          {canManage && (
            <div>
              <button
                type="button"
                className="btn btn-secondary btn-sm"
                onClick={() => dispatch({ type: 'addSection' })}
                data-testid="add-section"
              >
                + Add section
              </button>
            </div>
          )}
        </div>

        <aside className="card preview-card" aria-label="Preview">
          <h2 className="card-title">Preview</h2>
          <p className="muted small" style={{ marginBottom: '0.75rem' }}>
            The form as staff will fill it on a client’s profile.
          </p>
          <h3 style={{ marginBottom: '0.5rem' }}>{state.name || 'Untitled template'}</h3>
          <TemplateForm
            template={state}
            values={{ ...emptyValues(state), ...preview }}
            onChange={(f, v) => setPreview((p) => ({ ...p, [f]: v }))}
            idPrefix={`${id}-pv`}
          />
        </aside>
      </div>

      {theirs && (
        <div className="conflict-box" role="alert" data-testid="template-conflict">
          <strong>Someone else saved this template while you were editing</strong>
          <p className="small">Their version was saved {formatDateTime(theirs.updatedAt)}. Nothing of yours is saved yet.</p>
          <div className="row gap wrap">
            <button
              type="button"
              className="btn btn-secondary btn-sm"
              onClick={() => {
                dispatch({ type: 'load', template: theirs });
                setTheirs(null);
                onSaved?.(theirs);
              }}
            >
              Discard mine, load theirs
            </button>
            <button
              type="button"
              className="btn btn-primary btn-sm"
              disabled={busy}
              onClick={(e) => void submit(e as unknown as FormEvent, theirs.version)}
            >
              Save mine over theirs
            </button>
          </div>
        </div>
      )}
      {error && (
        <div className="alert alert-error" role="alert">
          {error}
        </div>
      )}
      {canManage && (
        <div className="sticky-actions">
          {state.id && archive && !state.archived && (
            <button
              type="button"
              className="btn btn-ghost danger"
              disabled={busy}
              onClick={() => state.id && void archive(state.id)}
              title="Archived templates are no longer offered for new notes; a template no note uses is deleted instead"
              data-testid="archive-template"
            >
              Archive
            </button>
          )}
          <button type="submit" className="btn btn-primary" disabled={busy} data-testid="save-template">
            {busy ? 'Saving…' : state.id ? 'Save changes' : 'Create template'}
          </button>
        </div>
      )}
    </form>
  );
}
