import { useLazyQuery, useMutation, useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { asApiError, graphqlErrorMessage } from '../../lib/apollo';
import { fieldErrorsOf } from '../../lib/api-client';
import { EMAIL_TEMPLATES, RENDER_EMAIL_TEMPLATE, SAVE_EMAIL_TEMPLATE, type EmailTemplateItem } from './email-templates-gql';
import { emailBrand } from './marketing-form';

const STARTER = `<mj-section>
  <mj-column>
    <mj-text font-size="20px" font-weight="bold">Hello {{firstName}}</mj-text>
    <mj-text>Write your news here.</mj-text>
    <mj-button href="https://example.com/book">Book now</mj-button>
  </mj-column>
</mj-section>`;

/**
 * Saved e-mail templates on /marketing: MJML kept by name, previewed as the server renders it in the
 * salon's look (the colours and logo of /booking-design). A campaign starts from one with "Start from
 * template" in its designer (StartFromTemplate).
 */
export function EmailTemplates() {
  const { data, error, refetch } = useQuery(EMAIL_TEMPLATES, { fetchPolicy: 'network-only' });
  const [editing, setEditing] = useState<EmailTemplateItem | 'new' | null>(null);
  const brand = data ? emailBrand(data) : null;
  return (
    <section className="card" aria-labelledby="email-templates-title" data-testid="email-templates">
      <div className="marketing-card-head">
        <h2 className="card-title" id="email-templates-title">
          Saved e-mail templates
        </h2>
        {editing === null && (
          <button type="button" className="btn btn-secondary btn-sm" onClick={() => setEditing('new')}>
            New template
          </button>
        )}
      </div>
      {error && (
        <div className="alert alert-error" role="alert">
          {graphqlErrorMessage(error)}
        </div>
      )}
      {editing !== null && brand && (
        <TemplateEditor
          key={editing === 'new' ? 'new' : `${editing.id}-${editing.version}`}
          template={editing === 'new' ? null : editing}
          brand={brand}
          onClose={async (saved) => {
            if (saved) await refetch().catch(() => undefined);
            setEditing(null);
          }}
        />
      )}
      {data && data.emailTemplates.length === 0 && editing === null ? <p className="muted">No saved templates yet.</p> : null}
      <ul className="stack" aria-label="Saved e-mail templates">
        {data?.emailTemplates.map((t) => (
          <li key={t.id} className="marketing-card-head">
            <span>{t.name}</span>
            <button type="button" className="btn btn-secondary btn-sm" onClick={() => setEditing(t)} disabled={editing !== null}>
              Edit<span className="visually-hidden"> {t.name}</span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

function TemplateEditor({
  template,
  brand,
  onClose,
}: {
  template: EmailTemplateItem | null;
  brand: { businessName: string; primaryColor: string; backgroundColor: string; logoUrl: string | null };
  onClose: (saved: boolean) => Promise<void>;
}) {
  const [name, setName] = useState(template?.name ?? '');
  const [mjml, setMjml] = useState(template?.mjml ?? STARTER);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [save, { loading: saving, error: saveError }] = useMutation(SAVE_EMAIL_TEMPLATE);
  const [render, { data: rendered, loading: rendering, error: renderError }] = useLazyQuery(RENDER_EMAIL_TEMPLATE, {
    fetchPolicy: 'network-only',
  });
  const problems = rendered?.renderEmailTemplate.errors ?? [];

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const local: Record<string, string> = {};
    if (!name.trim()) local.name = 'Give the template a name';
    if (!mjml.trim()) local.mjml = 'Write the template';
    setErrors(local);
    if (Object.keys(local).length > 0) return;
    try {
      await save({ variables: { input: { id: template?.id ?? null, name: name.trim(), mjml, version: template?.version ?? 0 } } });
      await onClose(true);
    } catch (err) {
      setErrors(fieldErrorsOf(asApiError(err)));
    }
  };

  return (
    <form className="form stack" onSubmit={submit} aria-label={template ? `Edit ${template.name}` : 'New template'} noValidate>
      <div className="field">
        <label htmlFor="email-template-name">Name</label>
        <input
          id="email-template-name"
          value={name}
          onChange={(e) => setName(e.target.value)}
          aria-invalid={errors.name ? true : undefined}
          aria-describedby={errors.name ? 'email-template-name-error' : undefined}
        />
        {errors.name && (
          <p className="field-error" id="email-template-name-error">
            {errors.name}
          </p>
        )}
      </div>
      <div className="field">
        <label htmlFor="email-template-mjml">MJML (sections of the e-mail, or a whole document)</label>
        <textarea
          id="email-template-mjml"
          rows={10}
          spellCheck={false}
          value={mjml}
          onChange={(e) => setMjml(e.target.value)}
          aria-invalid={errors.mjml ? true : undefined}
          aria-describedby={errors.mjml ? 'email-template-mjml-error' : undefined}
        />
        {errors.mjml && (
          <p className="field-error" id="email-template-mjml-error">
            {errors.mjml}
          </p>
        )}
      </div>
      {saveError && Object.keys(errors).length === 0 && (
        <div className="alert alert-error" role="alert">
          {graphqlErrorMessage(saveError)}
        </div>
      )}
      <div className="form-actions">
        <button type="button" className="btn btn-secondary" onClick={() => void onClose(false)}>
          Cancel
        </button>
        <button
          type="button"
          className="btn btn-secondary"
          disabled={rendering}
          onClick={() => void render({ variables: { mjml, brand } })}
        >
          Preview in the salon look
        </button>
        <button type="submit" className="btn btn-primary" disabled={saving}>
          {saving ? 'Saving…' : 'Save template'}
        </button>
      </div>
      <div aria-live="polite">
        {renderError && (
          <p className="field-error" role="alert">
            {graphqlErrorMessage(renderError)}
          </p>
        )}
        {problems.map((p, i) => (
          <p key={i} className="field-error">
            {p.line ? `Line ${p.line}: ` : ''}
            {p.message}
          </p>
        ))}
        {rendered?.renderEmailTemplate.html && (
          <iframe title="E-mail preview" className="marketing-email-preview" sandbox="" srcDoc={rendered.renderEmailTemplate.html} />
        )}
      </div>
    </form>
  );
}
