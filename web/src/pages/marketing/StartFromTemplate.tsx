import { useLazyQuery, useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { graphqlErrorMessage } from '../../lib/apollo';
import type { DesignerValue } from './EmailDesigner';
import { EMAIL_TEMPLATES, RENDER_EMAIL_TEMPLATE } from './email-templates-gql';
import { emailBrand } from './marketing-form';

/**
 * "Start from template" in the campaign designer: a saved e-mail template, rendered by the service
 * in the salon's look (the same MJML render as its preview), replaces the design in the editor. The
 * marketer then edits it like any design; the template itself is not changed.
 */
export function StartFromTemplate({ onUse }: { onUse: (value: DesignerValue) => void }) {
  const { data, error } = useQuery(EMAIL_TEMPLATES, { fetchPolicy: 'cache-and-network' });
  const [chosen, setChosen] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [render, { loading }] = useLazyQuery(RENDER_EMAIL_TEMPLATE, { fetchPolicy: 'network-only' });
  const templates = data?.emailTemplates ?? [];
  if (error) return <p className="field-error">{graphqlErrorMessage(error)}</p>;
  if (!data || templates.length === 0) return null;

  const use = async () => {
    const template = templates.find((t) => t.id === chosen);
    if (!template) {
      setProblem('Choose a saved template first');
      return;
    }
    setProblem(null);
    const result = await render({ variables: { mjml: template.mjml, brand: emailBrand(data) } }).catch((e: Error) => ({
      error: e,
      data: undefined,
    }));
    const rendered = result.data?.renderEmailTemplate;
    if (!rendered?.html) {
      const first = rendered?.errors[0];
      setProblem(
        first
          ? `The template does not render: ${first.message}`
          : graphqlErrorMessage(result.error ?? new Error('The template could not be rendered')),
      );
      return;
    }
    // A fresh design from the template's HTML: the editor rebuilds its blocks from it.
    onUse({ html: rendered.html, design: '' });
  };

  return (
    <div className="field" data-testid="start-from-template">
      <label htmlFor="campaign-template">Start from template</label>
      <div className="marketing-template-pick">
        <select
          id="campaign-template"
          value={chosen}
          onChange={(e) => setChosen(e.target.value)}
          aria-describedby="campaign-template-help"
          aria-invalid={problem ? true : undefined}
        >
          <option value="">Choose a saved template…</option>
          {templates.map((t) => (
            <option key={t.id} value={t.id}>
              {t.name}
            </option>
          ))}
        </select>
        <button type="button" className="btn btn-secondary btn-sm" disabled={loading} onClick={() => void use()}>
          {loading ? 'Loading…' : 'Use template'}
        </button>
      </div>
      <p className="muted small" id="campaign-template-help">
        Replaces the design below with the template in the salon’s colours and logo; the saved template stays as it is.
      </p>
      {problem && (
        <p className="field-error" role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}
