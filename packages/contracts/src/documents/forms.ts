import { z } from 'zod';
import { intSchema } from '../rules/numbers.js';
import { lineSchema, optionalTextSchema, TEXT_LIMITS, textSchema } from '../rules/text.js';

/**
 * The documents service's forms (`/api/forms`, the `documents` subgraph): a definition of sections
 * and fields, published as immutable numbered versions. A submission names the version it
 * answered, so a later edit never changes what a client signed. The public page is
 * `/forms/{id}`: the form's id is digits only (spec §5).
 */

export const FORM_FIELD_TYPES = [
  'text',
  'long_text',
  'number',
  'date',
  'single_choice',
  'multiple_choice',
  'checkbox',
  'yes_no',
  'file',
  'consent',
  'signature',
] as const;
export type FormFieldType = (typeof FORM_FIELD_TYPES)[number];

/** Limits of one definition: enough for a long medical intake, small enough to render on a phone. */
/** fileFields: each file answer travels base64 in the one submit request, so their number bounds its size (FORM_SUBMISSION_MAX_BYTES). */
export const FORM_LIMITS = { sections: 20, fieldsPerSection: 50, fields: 150, options: 30, consentText: 10_000, fileFields: 5 } as const;

/** A field's key inside its form: answers are keyed by it, so it stays stable across versions. */
export const fieldKeySchema = z
  .string()
  .regex(/^[a-z][a-z0-9_]{0,39}$/, 'must be lower-case letters, digits and underscores, starting with a letter (at most 40)');

/** Show a field only when another field's answer equals a value ("yes" for a yes/no, true for a checkbox, an option). */
export const formConditionSchema = z.strictObject({
  field: fieldKeySchema,
  equals: z.union([lineSchema(TEXT_LIMITS.label, { min: 1 }), z.boolean()]),
});
export type FormCondition = z.infer<typeof formConditionSchema>;

export const formFieldSchema = z.strictObject({
  key: fieldKeySchema,
  type: z.enum(FORM_FIELD_TYPES),
  label: lineSchema(TEXT_LIMITS.line, { min: 1, emptyMessage: 'is required' }),
  help: optionalTextSchema(TEXT_LIMITS.line),
  required: z.boolean().default(false),
  /** single_choice and multiple_choice: the choices offered. */
  options: z
    .array(lineSchema(TEXT_LIMITS.label, { min: 1 }))
    .max(FORM_LIMITS.options, `at most ${FORM_LIMITS.options} options`)
    .optional(),
  /** consent: the text the client accepts (always required). */
  consentText: textSchema(FORM_LIMITS.consentText).optional(),
  /** yes_no: the question asked when the answer is yes (e.g. "Which medication?"). */
  followUp: lineSchema(TEXT_LIMITS.line, { min: 1 }).optional(),
  /** number: bounds of the answer. */
  min: z.number().min(-1e9).max(1e9).optional(),
  max: z.number().min(-1e9).max(1e9).optional(),
  /** file: a photo (camera on phones) or any allowed file. */
  accept: z.enum(['photo', 'file']).optional(),
  showIf: formConditionSchema.optional(),
});
export type FormField = z.output<typeof formFieldSchema>;

export const formSectionSchema = z.strictObject({
  title: lineSchema(TEXT_LIMITS.label, { min: 1, emptyMessage: 'is required' }),
  description: optionalTextSchema(TEXT_LIMITS.text),
  fields: z.array(formFieldSchema).max(FORM_LIMITS.fieldsPerSection, `at most ${FORM_LIMITS.fieldsPerSection} fields`),
});

/** The shape rules are checked here; the rules between fields (unique keys, conditions) by `formDefinitionProblems`. */
export const formDefinitionSchema = z
  .strictObject({
    sections: z.array(formSectionSchema).min(1, 'needs at least one section').max(FORM_LIMITS.sections),
  })
  .superRefine((definition, ctx) => {
    for (const p of formDefinitionProblems(definition)) ctx.addIssue({ code: 'custom', path: p.path, message: p.message });
  });
export type FormDefinition = z.output<typeof formDefinitionSchema>;
export type FormDefinitionInput = z.input<typeof formDefinitionSchema>;

/** Every field in order, with the path the problems name. */
export function formFields(definition: { sections: readonly { fields: readonly FormField[] }[] }): FormField[] {
  return definition.sections.flatMap((s) => s.fields);
}

/**
 * What is wrong between the fields of a definition: duplicate keys, choices without options,
 * a consent without its text, a condition on an unknown or later field, more than one signature.
 */
export function formDefinitionProblems(definition: {
  sections: readonly { fields: readonly FormField[] }[];
}): { path: (string | number)[]; message: string }[] {
  const problems: { path: (string | number)[]; message: string }[] = [];
  const seen = new Map<string, FormField>();
  let signatures = 0;
  let files = 0;
  let total = 0;
  definition.sections.forEach((section, s) =>
    section.fields.forEach((field, f) => {
      const path = ['sections', s, 'fields', f];
      total++;
      if (seen.has(field.key)) problems.push({ path: [...path, 'key'], message: `is used by another field (${field.key})` });
      if ((field.type === 'single_choice' || field.type === 'multiple_choice') && !(field.options?.length ?? 0))
        problems.push({ path: [...path, 'options'], message: 'a choice needs at least one option' });
      if (field.options && new Set(field.options).size !== field.options.length)
        problems.push({ path: [...path, 'options'], message: 'options must differ' });
      if (field.type === 'consent' && !field.consentText?.trim())
        problems.push({ path: [...path, 'consentText'], message: 'a consent needs the text the client accepts' });
      if (field.type === 'number' && field.min !== undefined && field.max !== undefined && field.min > field.max)
        problems.push({ path: [...path, 'max'], message: 'must not be below min' });
      if (field.type === 'signature' && ++signatures > 1) problems.push({ path, message: 'a form has at most one signature' });
      if (field.type === 'file' && ++files > FORM_LIMITS.fileFields)
        problems.push({ path, message: `a form has at most ${FORM_LIMITS.fileFields} file fields` });
      if (field.showIf) {
        const target = seen.get(field.showIf.field);
        if (!target) problems.push({ path: [...path, 'showIf', 'field'], message: 'must name a field above this one' });
        else if (!['yes_no', 'checkbox', 'single_choice'].includes(target.type))
          problems.push({ path: [...path, 'showIf', 'field'], message: 'conditions read a yes/no, a checkbox or a single choice' });
      }
      seen.set(field.key, field);
    }),
  );
  if (total > FORM_LIMITS.fields) problems.push({ path: ['sections'], message: `at most ${FORM_LIMITS.fields} fields in a form` });
  return problems;
}

/** Where a form is asked for: intake before a first visit, a consent before a chemical service… */
export const FORM_PURPOSES = ['intake', 'consent', 'waiver', 'other'] as const;
export type FormPurpose = (typeof FORM_PURPOSES)[number];

/** Create a form or change its draft. Publishing makes the draft a new version. */
export const formInputSchema = z.strictObject({
  name: lineSchema(TEXT_LIMITS.name, { min: 1, emptyMessage: 'is required' }),
  purpose: z.enum(FORM_PURPOSES).default('other'),
  definition: formDefinitionSchema,
  /** Services this form is asked for (ids in the scheduling catalogue). */
  serviceIds: z.array(z.uuid('must be a service id')).max(100).default([]),
  /** A form that attaches to a service asks each client only once when true (intake), before every visit when false (consent). */
  oncePerClient: z.boolean().default(false),
  /** As read; omitted on create. */
  version: intSchema({ min: 1 }).optional(),
});
export type FormInput = z.input<typeof formInputSchema>;

export const formVersionViewSchema = z.object({
  formId: z.string(),
  version: z.number().int(),
  name: z.string(),
  definition: formDefinitionSchema,
  publishedAt: z.string(),
});
export type FormVersionView = z.infer<typeof formVersionViewSchema>;

export const formViewSchema = z.object({
  /** Digits only: the public page is `/forms/{id}`. */
  id: z.string(),
  name: z.string(),
  purpose: z.enum(FORM_PURPOSES),
  definition: formDefinitionSchema,
  serviceIds: z.array(z.string()),
  oncePerClient: z.boolean(),
  /** The newest published version, or null while only a draft exists. */
  publishedVersion: z.number().int().nullable(),
  /** True when the draft differs from the newest published version. */
  hasDraftChanges: z.boolean(),
  archived: z.boolean(),
  submissionCount: z.number().int(),
  updatedAt: z.string(),
  /** The row version for optimistic saves. */
  version: z.number().int(),
});
export type FormView = z.infer<typeof formViewSchema>;

/** What the public page `/forms/{id}` receives: the published version and the salon's name, no session needed. */
export const publicFormViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  version: z.number().int(),
  definition: formDefinitionSchema,
  businessName: z.string(),
  /** Set when the link was sent to a known client (`?r=`): their name greets them. */
  clientName: z.string().nullable(),
  /**
   * Opened by a client's own link (`?r=`): that client's other open forms, each with its link, so
   * one message can carry one link and the page leads on to the rest. Empty without a link.
   */
  moreForms: z.array(z.object({ formId: z.string(), formName: z.string(), link: z.string() })).default([]),
});
export type PublicFormView = z.infer<typeof publicFormViewSchema>;
