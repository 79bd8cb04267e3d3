import type { FormDefinition, FormField, FormFieldType } from '@salon/contracts';

export const FIELD_TYPE_LABELS: Record<FormFieldType, string> = {
  text: 'Short text',
  long_text: 'Long text',
  number: 'Number',
  date: 'Date',
  single_choice: 'One choice',
  multiple_choice: 'Several choices',
  checkbox: 'Checkbox',
  yes_no: 'Yes / no',
  file: 'File or photo',
  consent: 'Consent text',
  signature: 'Signature',
};

export type DraftField = FormField;
export interface DraftSection {
  title: string;
  description?: string | null;
  fields: DraftField[];
}
export interface Draft {
  name: string;
  purpose: 'intake' | 'consent' | 'waiver' | 'other';
  oncePerClient: boolean;
  serviceIds: string[];
  sections: DraftSection[];
}

export const emptyDraft = (): Draft => ({
  name: '',
  purpose: 'intake',
  oncePerClient: false,
  serviceIds: [],
  sections: [{ title: 'About you', fields: [{ key: 'full_name', type: 'text', label: 'Full name', required: true }] }],
});

/** A key for a new field from its label, unique in the form (answers are keyed by it across versions). */
export function fieldKey(label: string, taken: ReadonlySet<string>): string {
  const base =
    label
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[^a-z0-9]+/g, '_')
      .replace(/^_+|_+$/g, '')
      .replace(/^(\d)/, 'f_$1')
      .slice(0, 32) || 'field';
  let key = /^[a-z]/.test(base) ? base : `f_${base}`;
  for (let n = 2; taken.has(key); n++) key = `${base.slice(0, 32)}_${n}`;
  return key;
}

export function allKeys(draft: Draft): Set<string> {
  return new Set(draft.sections.flatMap((s) => s.fields.map((f) => f.key)));
}

/** A new field of a type, with what that type needs to be valid (options, consent text). */
export function newField(type: FormFieldType, draft: Draft): DraftField {
  const label = type === 'signature' ? 'Signature' : type === 'consent' ? 'Consent' : FIELD_TYPE_LABELS[type];
  const field: DraftField = { key: fieldKey(label, allKeys(draft)), type, label, required: type === 'signature' || type === 'consent' };
  if (type === 'single_choice' || type === 'multiple_choice') field.options = ['Option 1', 'Option 2'];
  if (type === 'consent') field.consentText = 'I agree to …';
  return field;
}

/** The definition the service checks: empty optional settings left out. */
export function toDefinition(draft: Draft): FormDefinition {
  return {
    sections: draft.sections.map((s) => ({
      title: s.title,
      ...(s.description ? { description: s.description } : {}),
      fields: s.fields.map(
        (f) => Object.fromEntries(Object.entries(f).filter(([, v]) => v !== undefined && v !== null && v !== '')) as DraftField,
      ),
    })),
  };
}

/** Fields above `key` a condition may read (yes/no, checkbox, one choice). */
export function conditionSources(draft: Draft, key: string): DraftField[] {
  const out: DraftField[] = [];
  for (const f of draft.sections.flatMap((s) => s.fields)) {
    if (f.key === key) break;
    if (f.type === 'yes_no' || f.type === 'checkbox' || f.type === 'single_choice') out.push(f);
  }
  return out;
}

/** What "show when" compares with for a source field: "yes", true, or its first option. */
export function conditionValue(source: DraftField): string | boolean {
  if (source.type === 'checkbox') return true;
  if (source.type === 'single_choice') return source.options?.[0] ?? '';
  return 'yes';
}
