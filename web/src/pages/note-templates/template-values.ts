import { formatDate } from '../../lib/format';
import type { NoteTemplate, NoteValues, TemplateField } from '@salon/contracts';

/** Filling a structured note from a template: defaults, checks, the values sent, display. Pure. */
export const FIELD_TYPES: { value: TemplateField['type']; label: string }[] = [
  { value: 'text', label: 'Text' },
  { value: 'longText', label: 'Long text' },
  { value: 'choice', label: 'Choice' },
  { value: 'checkbox', label: 'Checkbox' },
  { value: 'date', label: 'Date' },
  { value: 'number', label: 'Number' },
];

/** Form state: strings for inputs, booleans for checkboxes. */
export type FormValues = Record<string, string | boolean>;

export function allFields(t: Pick<NoteTemplate, 'sections'>): TemplateField[] {
  return t.sections.flatMap((s) => s.fields);
}

export function emptyValues(t: Pick<NoteTemplate, 'sections'>): FormValues {
  return Object.fromEntries(allFields(t).map((f) => [f.id, f.type === 'checkbox' ? false : '']));
}

/** Saved values back into form state (editing a structured note). */
export function formValuesFrom(t: Pick<NoteTemplate, 'sections'>, values: NoteValues | null): FormValues {
  const out = emptyValues(t);
  for (const f of allFields(t)) {
    const v = values?.[f.id];
    if (v === undefined || v === null) continue;
    out[f.id] = f.type === 'checkbox' ? v === true : String(v);
  }
  return out;
}

/** Errors by field id: required fields, numbers, choices from the list. */
export function validateValues(t: Pick<NoteTemplate, 'sections'>, values: FormValues): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const f of allFields(t)) {
    const v = values[f.id];
    if (f.type === 'checkbox') {
      if (f.required && v !== true) errors[f.id] = 'Must be checked';
      continue;
    }
    const s = typeof v === 'string' ? v.trim() : '';
    if (!s) {
      if (f.required) errors[f.id] = 'Required';
      continue;
    }
    if (f.type === 'number' && !Number.isFinite(Number(s))) errors[f.id] = 'Enter a number';
    if (f.type === 'choice' && f.options && !f.options.includes(s)) errors[f.id] = 'Pick one of the options';
    if (f.type === 'date' && !/^\d{4}-\d{2}-\d{2}$/.test(s)) errors[f.id] = 'Enter a date';
  }
  return errors;
}

/** What is sent: numbers as numbers, empty as null, checkboxes as booleans. */
export function valuesToSend(t: Pick<NoteTemplate, 'sections'>, values: FormValues): NoteValues {
  const out: NoteValues = {};
  for (const f of allFields(t)) {
    const v = values[f.id];
    if (f.type === 'checkbox') out[f.id] = v === true;
    else {
      const s = typeof v === 'string' ? v.trim() : '';
      out[f.id] = !s ? null : f.type === 'number' ? Number(s) : s;
    }
  }
  return out;
}

/** A saved value for reading: 'Yes'/'No', 'Nov 21, 2026', numbers as written; '' when empty. */
export function displayFieldValue(f: Pick<TemplateField, 'type'>, v: unknown): string {
  if (v === null || v === undefined || v === '') return '';
  if (f.type === 'checkbox') return v === true ? 'Yes' : 'No';
  if (f.type === 'date' && typeof v === 'string') {
    const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
    return m ? formatDate(new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), 12))) : v;
  }
  return String(v);
}

/**
 * The server's field errors for a note name the field as `values.<fieldId>`, `<fieldId>` or
 * `values[<fieldId>]`; they are shown under that field.
 */
export function fieldIdOfError(field: string): string {
  const m = /^values(?:\.|\[)["']?([^\]"']+)["']?\]?$/.exec(field);
  return m ? m[1] : field;
}
