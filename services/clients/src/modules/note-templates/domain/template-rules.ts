import { dateProblem, textProblem, type TemplateField, type TemplateInput, type TemplateSection } from '@salon/contracts';

/** Sections as stored: options only on choices, `required` always present. */
export function normaliseSections(sections: TemplateInput['sections']): TemplateSection[] {
  return sections.map((s) => ({
    id: s.id,
    title: s.title,
    fields: s.fields.map((f) => ({
      id: f.id,
      label: f.label,
      type: f.type,
      required: f.required,
      ...(f.type === 'choice' ? { options: f.options ?? [] } : {}),
    })),
  }));
}

export function templateFields(sections: readonly TemplateSection[]): TemplateField[] {
  return sections.flatMap((s) => s.fields);
}

/**
 * A structured note's values checked against its template: required fields present, each value
 * of its field's type, a choice one of its options, no unknown fields. Empty values are dropped.
 */
export function validateNoteValues(
  sections: readonly TemplateSection[],
  values: Record<string, unknown>,
): { values: Record<string, unknown>; problems: { field: string; message: string }[] } {
  const fields = templateFields(sections);
  const known = new Map(fields.map((f) => [f.id, f]));
  const problems: { field: string; message: string }[] = [];
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(values)) {
    if (!known.has(key)) problems.push({ field: `values.${key}`, message: 'is not a field of the template' });
  }
  for (const field of fields) {
    const path = `values.${field.id}`;
    let value = values[field.id];
    if (typeof value === 'string' && field.type !== 'checkbox') value = value.trim();
    const empty = value === undefined || value === null || value === '' || (field.type === 'checkbox' && value === false);
    if (empty) {
      if (field.required) problems.push({ field: path, message: field.type === 'checkbox' ? 'must be ticked' : 'is required' });
      else if (field.type === 'checkbox' && value === false) out[field.id] = false;
      continue;
    }
    switch (field.type) {
      case 'text':
      case 'longText': {
        const max = field.type === 'text' ? 500 : 20_000;
        const problem =
          typeof value !== 'string'
            ? 'must be text'
            : value.length > max
              ? `must be at most ${max} characters`
              : textProblem(value, { multiLine: field.type === 'longText' });
        if (problem) problems.push({ field: path, message: problem });
        else out[field.id] = value;
        break;
      }
      case 'choice':
        if (typeof value !== 'string' || !(field.options ?? []).includes(value))
          problems.push({ field: path, message: `must be one of ${(field.options ?? []).join(', ')}` });
        else out[field.id] = value;
        break;
      case 'checkbox':
        if (typeof value !== 'boolean') problems.push({ field: path, message: 'must be true or false' });
        else out[field.id] = value;
        break;
      case 'date': {
        const problem = typeof value !== 'string' ? 'must be a date like 2025-04-21' : dateProblem(value);
        if (problem) problems.push({ field: path, message: problem });
        else out[field.id] = value;
        break;
      }
      case 'number': {
        const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
        if (typeof n !== 'number' || !Number.isFinite(n)) problems.push({ field: path, message: 'must be a number' });
        else out[field.id] = n;
        break;
      }
    }
  }
  return { values: out, problems };
}
