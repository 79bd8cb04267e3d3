import type { FormDefinition, FormField } from '@salon/contracts';

/** What the public page holds per field while the client fills it in. */
export type FillValue = string | number | boolean | string[] | { answer: 'yes' | 'no'; followUp?: string } | FileValue | null;
export interface FileValue {
  fileName: string;
  contentType: string;
  data: string;
}

export type FillAnswers = Record<string, FillValue | undefined>;

const conditionValue = (v: FillValue | undefined) => (v && typeof v === 'object' && 'answer' in v ? v.answer : v);

/** The fields shown for these answers, in order (the documents service applies the same rule). */
export function shownFields(definition: FormDefinition, answers: FillAnswers): FormField[] {
  const shown = new Set<string>();
  const out: FormField[] = [];
  for (const field of definition.sections.flatMap((s) => s.fields)) {
    if (field.showIf && (!shown.has(field.showIf.field) || conditionValue(answers[field.showIf.field]) !== field.showIf.equals)) continue;
    shown.add(field.key);
    out.push(field);
  }
  return out;
}

const blank = (v: FillValue | undefined) => v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);

/** The answers to send: shown fields only, blanks left out, no signature (it travels on its own). */
export function answersToSend(definition: FormDefinition, answers: FillAnswers): Record<string, Exclude<FillValue, null>> {
  const out: Record<string, Exclude<FillValue, null>> = {};
  for (const field of shownFields(definition, answers)) {
    const v = answers[field.key];
    if (field.type === 'signature' || blank(v)) continue;
    if (field.type === 'number' && typeof v === 'string') {
      const n = Number(v);
      out[field.key] = Number.isFinite(n) && v.trim() !== '' ? n : v;
      continue;
    }
    out[field.key] = v as Exclude<FillValue, null>;
  }
  return out;
}

/** Labels of shown required fields still empty (a hint before sending; the service decides). */
export function missingRequired(definition: FormDefinition, answers: FillAnswers, signed: boolean): string[] {
  return shownFields(definition, answers)
    .filter((f) => {
      if (f.type === 'signature') return f.required && !signed;
      const required = f.required || f.type === 'consent';
      if (!required) return false;
      const v = answers[f.key];
      if (f.type === 'consent' || f.type === 'checkbox') return v !== true;
      return blank(v);
    })
    .map((f) => f.label);
}

/** A data: URL's base64 part (canvas.toDataURL, FileReader). */
export function base64Of(dataUrl: string): string {
  const comma = dataUrl.indexOf(',');
  return comma >= 0 ? dataUrl.slice(comma + 1) : dataUrl;
}
