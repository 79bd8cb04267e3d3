import { useMemo, useState } from 'react';
import { useMutation, useQuery } from '@apollo/client/react';
import type { FormFieldType } from '@salon/contracts';
import { PERMISSIONS } from '@salon/contracts/permissions';
import { graphqlErrorMessage } from '../../lib/apollo';
import { usePermissions } from '../../session/use-permissions';
import { Spinner } from '../../shell/Spinner';
import { toast } from '../../shell/Toaster';
import {
  conditionSources,
  conditionValue,
  emptyDraft,
  FIELD_TYPE_LABELS,
  newField,
  toDefinition,
  type Draft,
  type DraftField,
} from './form-builder';
import { CREATE_FORM, FORM_SUBMISSIONS, FORMS, PUBLISH_FORM, UPDATE_FORM } from './forms-gql';
import '../../styles/clients.css';
import './forms.css';

const PURPOSES = [
  ['intake', 'Intake'],
  ['consent', 'Consent'],
  ['waiver', 'Waiver'],
  ['other', 'Other'],
] as const;

function draftOf(form: {
  name: string;
  purpose: string;
  oncePerClient: boolean;
  serviceIds: string[];
  definition: Record<string, unknown>;
}): Draft {
  return {
    name: form.name,
    purpose: form.purpose as Draft['purpose'],
    oncePerClient: form.oncePerClient,
    serviceIds: [...form.serviceIds],
    sections: structuredClone((form.definition as unknown as { sections: Draft['sections'] }).sections),
  };
}

function FieldEditor({ draft, field, update, remove }: { draft: Draft; field: DraftField; update(f: DraftField): void; remove(): void }) {
  const id = `fb-${field.key}`;
  const sources = conditionSources(draft, field.key);
  return (
    <div className="builder-field" data-testid={`builder-field-${field.key}`}>
      <div className="field">
        <label htmlFor={`${id}-label`}>Question</label>
        <input id={`${id}-label`} value={field.label} onChange={(e) => update({ ...field, label: e.target.value })} />
      </div>
      <div className="field">
        <span className="label">Type</span>
        <span>{FIELD_TYPE_LABELS[field.type]}</span>
      </div>
      {field.type === 'single_choice' || field.type === 'multiple_choice' ? (
        <div className="field">
          <label htmlFor={`${id}-options`}>Options (one per line)</label>
          <textarea
            id={`${id}-options`}
            rows={3}
            value={(field.options ?? []).join('\n')}
            onChange={(e) => update({ ...field, options: e.target.value.split('\n') })}
          />
        </div>
      ) : null}
      {field.type === 'consent' ? (
        <div className="field">
          <label htmlFor={`${id}-consent`}>Text the client accepts</label>
          <textarea
            id={`${id}-consent`}
            rows={3}
            value={field.consentText ?? ''}
            onChange={(e) => update({ ...field, consentText: e.target.value })}
          />
        </div>
      ) : null}
      {field.type === 'yes_no' ? (
        <div className="field">
          <label htmlFor={`${id}-follow`}>Follow-up question when yes</label>
          <input
            id={`${id}-follow`}
            value={field.followUp ?? ''}
            onChange={(e) => update({ ...field, followUp: e.target.value || undefined })}
          />
        </div>
      ) : null}
      {sources.length ? (
        <div className="field">
          <label htmlFor={`${id}-cond`}>Show only when</label>
          <select
            id={`${id}-cond`}
            value={field.showIf?.field ?? ''}
            onChange={(e) => {
              const source = sources.find((s) => s.key === e.target.value);
              update({ ...field, showIf: source ? { field: source.key, equals: conditionValue(source) } : undefined });
            }}
          >
            <option value="">Always shown</option>
            {sources.map((s) => (
              <option key={s.key} value={s.key}>
                “{s.label}” is {String(conditionValue(s)) === 'true' ? 'ticked' : `“${conditionValue(s)}”`}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <div className="row-actions">
        {field.type !== 'consent' ? (
          <label className="choice-row">
            <input type="checkbox" checked={field.required ?? false} onChange={(e) => update({ ...field, required: e.target.checked })} />
            Required
          </label>
        ) : null}
        <button type="button" className="btn btn-ghost btn-sm" onClick={remove} aria-label={`Remove “${field.label}”`}>
          Remove
        </button>
      </div>
    </div>
  );
}

/** /forms: the builder (edit_clients) and the list of forms with their versions and submissions. */
export function FormsPage() {
  const { can } = usePermissions();
  const canEdit = can(PERMISSIONS.EDIT_CLIENTS);
  const q = useQuery(FORMS, { fetchPolicy: 'cache-and-network' });
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [newType, setNewType] = useState<FormFieldType>('text');
  const [createForm] = useMutation(CREATE_FORM);
  const [updateForm] = useMutation(UPDATE_FORM);
  const [publishForm] = useMutation(PUBLISH_FORM);
  const forms = q.data?.forms ?? [];
  const selected = forms.find((f) => f.id === selectedId) ?? null;
  const submissions = useQuery(FORM_SUBMISSIONS, { variables: { formId: selectedId ?? '' }, skip: !selectedId });
  const services = useMemo(() => {
    const seen = new Map<string, string[]>();
    for (const s of q.data?.services ?? []) seen.set(s.name, [...(seen.get(s.name) ?? []), s.id]);
    return [...seen.entries()].sort(([a], [b]) => a.localeCompare(b));
  }, [q.data?.services]);

  if (q.loading && !q.data) return <Spinner fullScreen={false} />;

  const open = (id: string | null) => {
    setSelectedId(id);
    const form = forms.find((f) => f.id === id);
    setDraft(form ? draftOf(form) : emptyDraft());
  };
  const change = (f: (d: Draft) => void) =>
    setDraft((d) => {
      if (!d) return d;
      const next = structuredClone(d);
      f(next);
      return next;
    });

  const save = async (): Promise<string | null> => {
    if (!draft) return null;
    const input = {
      name: draft.name,
      purpose: draft.purpose,
      oncePerClient: draft.oncePerClient,
      serviceIds: draft.serviceIds,
      definition: toDefinition(draft) as unknown as Record<string, unknown>,
    };
    try {
      if (selected) {
        const res = await updateForm({ variables: { id: selected.id, input: { ...input, version: selected.version } } });
        toast({ title: 'Draft saved', description: 'Clients see it once you publish.', variant: 'success' });
        return res.data?.updateForm.id ?? null;
      }
      const res = await createForm({ variables: { input } });
      const id = res.data?.createForm.id ?? null;
      await q.refetch();
      setSelectedId(id);
      toast({ title: 'Form created', variant: 'success' });
      return id;
    } catch (e) {
      toast({ title: 'Could not save the form', description: graphqlErrorMessage(e), variant: 'destructive' });
      return null;
    }
  };

  const publish = async () => {
    const id = await save();
    if (!id) return;
    try {
      const res = await publishForm({ variables: { id } });
      await q.refetch();
      toast({ title: `Published version ${res.data?.publishForm.publishedVersion}`, variant: 'success' });
    } catch (e) {
      toast({ title: 'Could not publish', description: graphqlErrorMessage(e), variant: 'destructive' });
    }
  };

  return (
    <section className="page" data-testid="forms-page">
      <header className="page-header">
        <div>
          <h1>Forms</h1>
          <p className="muted">
            Intake, consent and waiver forms clients fill in and sign. A published version never changes: edits become a new version.
          </p>
        </div>
        {canEdit ? (
          <button type="button" className="btn btn-primary" onClick={() => open(null)}>
            New form
          </button>
        ) : null}
      </header>
      <div className="forms-layout">
        <nav className="card" aria-label="Forms">
          <ul className="forms-list">
            {forms.map((f) => (
              <li key={f.id}>
                <button
                  type="button"
                  className={`btn btn-ghost${f.id === selectedId ? ' active' : ''}`}
                  aria-current={f.id === selectedId ? 'true' : undefined}
                  onClick={() => open(f.id)}
                >
                  {f.name}
                  <span className="muted">
                    {' '}
                    · {f.publishedVersion ? `v${f.publishedVersion}` : 'draft'}
                    {f.hasDraftChanges && f.publishedVersion ? ', unpublished changes' : ''} · {f.submissionCount} filled
                  </span>
                </button>
              </li>
            ))}
            {forms.length === 0 ? <li className="muted">No forms yet.</li> : null}
          </ul>
        </nav>
        {draft ? (
          <form
            className="card form"
            aria-label="Form builder"
            onSubmit={(e) => {
              e.preventDefault();
              void save();
            }}
          >
            {selected?.publishedVersion ? (
              <p>
                Public link:{' '}
                <a href={`/forms/${selected.id}`} target="_blank" rel="noreferrer" data-testid="public-link">
                  {`${window.location.origin}/forms/${selected.id}`}
                </a>{' '}
                (version {selected.publishedVersion})
              </p>
            ) : null}
            <div className="field">
              <label htmlFor="form-name">Name</label>
              <input id="form-name" value={draft.name} onChange={(e) => change((d) => (d.name = e.target.value))} />
            </div>
            <div className="field">
              <label htmlFor="form-purpose">Kind</label>
              <select
                id="form-purpose"
                value={draft.purpose}
                onChange={(e) => change((d) => (d.purpose = e.target.value as Draft['purpose']))}
              >
                {PURPOSES.map(([v, l]) => (
                  <option key={v} value={v}>
                    {l}
                  </option>
                ))}
              </select>
            </div>
            <label className="choice-row">
              <input type="checkbox" checked={draft.oncePerClient} onChange={(e) => change((d) => (d.oncePerClient = e.target.checked))} />
              Ask each client only once (an intake); otherwise before every booking of its services
            </label>
            <fieldset className="field">
              <legend className="label">Asked before these services</legend>
              <div className="choice-group">
                {services.map(([name, ids]) => (
                  <label key={name} className="choice-row">
                    <input
                      type="checkbox"
                      checked={ids.every((id) => draft.serviceIds.includes(id))}
                      onChange={(e) =>
                        change((d) => {
                          d.serviceIds = e.target.checked
                            ? [...new Set([...d.serviceIds, ...ids])]
                            : d.serviceIds.filter((id) => !ids.includes(id));
                        })
                      }
                    />
                    {name}
                  </label>
                ))}
              </div>
            </fieldset>
            {draft.sections.map((section, s) => (
              <div className="builder-section" key={s}>
                <div className="field">
                  <label htmlFor={`section-${s}`}>Section {s + 1} title</label>
                  <input
                    id={`section-${s}`}
                    value={section.title}
                    onChange={(e) => change((d) => (d.sections[s]!.title = e.target.value))}
                  />
                </div>
                {section.fields.map((field, i) => (
                  <FieldEditor
                    key={field.key}
                    draft={draft}
                    field={field}
                    update={(f) => change((d) => (d.sections[s]!.fields[i] = f))}
                    remove={() => change((d) => d.sections[s]!.fields.splice(i, 1))}
                  />
                ))}
                <div className="row-actions">
                  <label htmlFor={`new-type-${s}`} className="label">
                    Add a field
                  </label>
                  <select id={`new-type-${s}`} value={newType} onChange={(e) => setNewType(e.target.value as FormFieldType)}>
                    {Object.entries(FIELD_TYPE_LABELS).map(([v, l]) => (
                      <option key={v} value={v}>
                        {l}
                      </option>
                    ))}
                  </select>
                  <button
                    type="button"
                    className="btn btn-secondary btn-sm"
                    onClick={() => change((d) => d.sections[s]!.fields.push(newField(newType, d)))}
                  >
                    Add to section {s + 1}
                  </button>
                </div>
              </div>
            ))}
            <div className="row-actions">
              <button
                type="button"
                className="btn btn-ghost"
                onClick={() => change((d) => d.sections.push({ title: `Section ${d.sections.length + 1}`, fields: [] }))}
              >
                Add a section
              </button>
            </div>
            {canEdit ? (
              <div className="row-actions">
                <button type="submit" className="btn btn-secondary">
                  Save draft
                </button>
                <button type="button" className="btn btn-primary" onClick={() => void publish()}>
                  Publish
                </button>
              </div>
            ) : null}
            {selectedId && submissions.data?.formSubmissions.length ? (
              <div>
                <h2 className="card-title">Filled ({submissions.data.formSubmissions.length})</h2>
                <ul>
                  {submissions.data.formSubmissions.map((s) => (
                    <li key={s.id}>
                      {s.signerName ?? 'Unsigned'} · version {s.version} · {new Date(s.signedAt).toLocaleString()}{' '}
                      {s.clientId ? <a href={`/clients/${s.clientId}`}>profile</a> : null}
                    </li>
                  ))}
                </ul>
              </div>
            ) : null}
          </form>
        ) : (
          <div className="card">
            <p className="muted">Choose a form to edit{canEdit ? ', or make a new one' : ''}.</p>
          </div>
        )}
      </div>
    </section>
  );
}
