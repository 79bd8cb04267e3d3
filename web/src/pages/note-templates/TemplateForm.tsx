import type { NoteTemplate, TemplateField } from '@salon/contracts';
import type { FormValues } from './template-values';

interface Props {
  template: Pick<NoteTemplate, 'sections'>;
  values: FormValues;
  onChange(fieldId: string, value: string | boolean): void;
  errors?: Record<string, string>;
  /** Unique per form on the page (ids of inputs). */
  idPrefix: string;
  disabled?: boolean;
}

/** A template's sections and fields as a form, exactly as staff fill it (also the builder's preview). */
export function TemplateForm({ template, values, onChange, errors = {}, idPrefix, disabled }: Props) {
  if (!template.sections.length) return <p className="muted small">This template has no fields yet.</p>;
  return (
    <div className="template-form">
      {template.sections.map((s) => (
        <fieldset key={s.id} disabled={disabled}>
          <legend>{s.title || 'Untitled section'}</legend>
          {s.fields.length === 0 && <p className="muted small">No fields in this section yet.</p>}
          {s.fields.map((f) => (
            <FieldInput
              key={f.id}
              field={f}
              value={values[f.id]}
              onChange={(v) => onChange(f.id, v)}
              error={errors[f.id]}
              id={`${idPrefix}-${f.id}`}
            />
          ))}
        </fieldset>
      ))}
    </div>
  );
}

function FieldInput({
  field,
  value,
  onChange,
  error,
  id,
}: {
  field: TemplateField;
  value: string | boolean | undefined;
  onChange(v: string | boolean): void;
  error?: string;
  id: string;
}) {
  const label = field.label || 'Untitled field';
  const errId = `${id}-err`;
  const common = {
    id,
    required: field.required,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? errId : undefined,
    'data-field-id': field.id,
  } as const;
  const req = field.required ? (
    <span className="req" aria-hidden="true">
      {' '}
      *
    </span>
  ) : null;
  const err = error ? (
    <span id={errId} className="field-error">
      {error}
    </span>
  ) : null;
  if (field.type === 'checkbox') {
    return (
      <div className="field">
        <label className="checkbox" htmlFor={id}>
          <input type="checkbox" {...common} checked={value === true} onChange={(e) => onChange(e.target.checked)} />
          {label}
          {req}
        </label>
        {err}
      </div>
    );
  }
  const str = typeof value === 'string' ? value : '';
  let input;
  switch (field.type) {
    case 'longText':
      input = <textarea {...common} value={str} onChange={(e) => onChange(e.target.value)} rows={3} />;
      break;
    case 'choice':
      input = (
        <select {...common} value={str} onChange={(e) => onChange(e.target.value)}>
          <option value="">Choose…</option>
          {(field.options ?? []).map((o) => (
            <option key={o} value={o}>
              {o}
            </option>
          ))}
        </select>
      );
      break;
    case 'date':
      input = <input type="date" {...common} value={str} onChange={(e) => onChange(e.target.value)} />;
      break;
    case 'number':
      input = <input type="number" inputMode="decimal" step="any" {...common} value={str} onChange={(e) => onChange(e.target.value)} />;
      break;
    default:
      input = <input type="text" {...common} value={str} onChange={(e) => onChange(e.target.value)} />;
  }
  return (
    <div className="field">
      <label htmlFor={id}>
        {label}
        {req}
      </label>
      {input}
      {err}
    </div>
  );
}
