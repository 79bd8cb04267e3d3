import { formFields, type FormDefinition, type FormField } from '@salon/contracts';

export interface AnswerProblem {
  field: string;
  message: string;
}

/** A file answer as the page sends it (base64 data); the service decodes, sniffs and stores it. */
export interface FileAnswer {
  fileName: string;
  contentType: string;
  data: string;
}

export interface CheckedAnswers {
  /** The answers kept: hidden fields dropped, file answers as sent (the caller swaps them for stored files). */
  answers: Record<string, unknown>;
  /** Field keys whose answer is a file to store. */
  files: Record<string, FileAnswer>;
  problems: AnswerProblem[];
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const DATE = /^\d{4}-\d{2}-\d{2}$/;

function realDate(text: string): boolean {
  if (!DATE.test(text)) return false;
  const d = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === text;
}

/** The value a condition compares: a yes/no's answer, a checkbox, a single choice. */
function conditionValue(answer: unknown): unknown {
  if (isObject(answer) && 'answer' in answer) return answer.answer;
  return answer;
}

/** Whether a field is shown, given the answers above it (hidden fields are neither required nor kept). */
export function isFieldShown(field: FormField, answers: Record<string, unknown>, shown: ReadonlySet<string>): boolean {
  if (!field.showIf) return true;
  if (!shown.has(field.showIf.field)) return false;
  return conditionValue(answers[field.showIf.field]) === field.showIf.equals;
}

function isBlank(value: unknown): boolean {
  return value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);
}

/** The problem with one non-blank answer for its field's type, or null. */
function answerProblem(field: FormField, value: unknown): string | null {
  switch (field.type) {
    case 'text':
    case 'long_text':
      return typeof value === 'string' ? null : 'must be text';
    case 'number':
      if (typeof value !== 'number' || !Number.isFinite(value)) return 'must be a number';
      if (field.min !== undefined && value < field.min) return `must be at least ${field.min}`;
      if (field.max !== undefined && value > field.max) return `must be at most ${field.max}`;
      return null;
    case 'date':
      return typeof value === 'string' && realDate(value) ? null : 'must be a date like 2026-04-21';
    case 'single_choice':
      return typeof value === 'string' && (field.options ?? []).includes(value) ? null : 'must be one of the options';
    case 'multiple_choice':
      if (!Array.isArray(value) || !value.every((v) => typeof v === 'string' && (field.options ?? []).includes(v)))
        return 'must be some of the options';
      return new Set(value).size === value.length ? null : 'must not repeat an option';
    case 'checkbox':
      return typeof value === 'boolean' ? null : 'must be ticked or not';
    case 'consent':
      return value === true ? null : 'must be accepted';
    case 'yes_no':
      if (!isObject(value) || (value.answer !== 'yes' && value.answer !== 'no')) return 'must be yes or no';
      if (value.followUp !== undefined && typeof value.followUp !== 'string') return 'the follow-up must be text';
      return null;
    case 'file':
      return isObject(value) && typeof value.data === 'string' && typeof value.fileName === 'string' ? null : 'must be a file';
    case 'signature':
      return 'is given as the signature, not as an answer';
  }
}

/**
 * Checks answers against the definition of the version they answer: every shown required field is
 * answered, every answer has its field's type, hidden fields and unknown keys are dropped or refused.
 * The signature field is answered by the submission's signature (`hasSignature`).
 */
export function checkAnswers(definition: FormDefinition, given: Record<string, unknown>, hasSignature: boolean): CheckedAnswers {
  const fields = formFields(definition);
  const known = new Set(fields.map((f) => f.key));
  const problems: AnswerProblem[] = [];
  const answers: Record<string, unknown> = {};
  const files: Record<string, FileAnswer> = {};
  const shown = new Set<string>();
  for (const key of Object.keys(given))
    if (!known.has(key)) problems.push({ field: `answers.${key}`, message: 'is not a field of this form' });
  for (const field of fields) {
    if (!isFieldShown(field, given, shown)) continue;
    shown.add(field.key);
    const path = `answers.${field.key}`;
    if (field.type === 'signature') {
      if ((field.required ?? false) && !hasSignature) problems.push({ field: 'signature', message: 'is required: sign in the box' });
      if (given[field.key] !== undefined) problems.push({ field: path, message: 'is given as the signature, not as an answer' });
      continue;
    }
    const value = given[field.key];
    // A consent is always required: showing one that need not be accepted would mean nothing.
    const required = field.required || field.type === 'consent';
    if (isBlank(value) || (field.type === 'checkbox' && required && value === false)) {
      if (required) problems.push({ field: path, message: field.type === 'consent' ? 'must be accepted' : 'is required' });
      continue;
    }
    const problem = answerProblem(field, value);
    if (problem) {
      problems.push({ field: path, message: problem });
      continue;
    }
    if (field.type === 'yes_no' && isObject(value)) {
      const followUp = typeof value.followUp === 'string' ? value.followUp.trim() : '';
      if (field.followUp && value.answer === 'yes' && required && !followUp) {
        problems.push({ field: `${path}.followUp`, message: 'is required when the answer is yes' });
        continue;
      }
      answers[field.key] = field.followUp && value.answer === 'yes' && followUp ? { answer: 'yes', followUp } : { answer: value.answer };
      continue;
    }
    if (field.type === 'file') {
      files[field.key] = value as FileAnswer;
      continue;
    }
    answers[field.key] = typeof value === 'string' ? value.trim() : value;
  }
  return { answers, files, problems };
}

/** One answer as people read it (the PDF, the profile). */
export function answerText(field: FormField, value: unknown): string {
  if (value === undefined || value === null) return '—';
  switch (field.type) {
    case 'checkbox':
      return value ? 'Yes' : 'No';
    case 'consent':
      return value ? 'Accepted' : 'Not accepted';
    case 'yes_no': {
      const v = value as { answer: string; followUp?: string };
      return `${v.answer === 'yes' ? 'Yes' : 'No'}${v.followUp ? ` — ${v.followUp}` : ''}`;
    }
    case 'multiple_choice':
      return (value as string[]).join(', ');
    case 'file': {
      const v = value as { fileName?: string };
      return v.fileName ? `File: ${v.fileName}` : 'File';
    }
    default:
      return String(value);
  }
}
