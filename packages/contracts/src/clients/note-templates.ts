/** The clients service's note templates (docs/clients-api.md): sections of typed fields, and the template input. */
import { z } from 'zod';
import { blankToNull, lineSchema, textSchema } from '../rules/text.js';

export const FIELD_TYPES = ['text', 'longText', 'choice', 'checkbox', 'date', 'number'] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

export const templateFieldSchema = z.object({
  id: z.string(),
  label: z.string(),
  type: z.enum(FIELD_TYPES),
  required: z.boolean(),
  /** The choices of a choice field. */
  options: z.array(z.string()).optional(),
});
export type TemplateField = z.infer<typeof templateFieldSchema>;

export const templateSectionSchema = z.object({ id: z.string(), title: z.string(), fields: z.array(templateFieldSchema) });
export type TemplateSection = z.infer<typeof templateSectionSchema>;

export const noteTemplateSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  sections: z.array(templateSectionSchema),
  archived: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Send it back with a change to guard against overwriting another's. */
  version: z.number().int(),
});
export type NoteTemplate = z.infer<typeof noteTemplateSchema>;

const templatePartId = lineSchema(64, { min: 1, emptyMessage: 'is required' }).regex(/^[A-Za-z0-9_-]+$/, 'must be letters, digits, - or _');

const fieldInputSchema = z
  .object({
    id: templatePartId,
    label: lineSchema(200, { min: 1, emptyMessage: 'is required' }),
    type: z.enum(FIELD_TYPES, { error: `must be one of ${FIELD_TYPES.join(', ')}` }),
    required: z.boolean().default(false),
    options: z
      .array(lineSchema(200, { min: 1 }))
      .max(100)
      .nullish(),
  })
  .strict();

const sectionInputSchema = z
  .object({
    id: templatePartId,
    title: lineSchema(200, { min: 1, emptyMessage: 'is required' }),
    fields: z.array(fieldInputSchema).min(1, 'needs at least one field').max(100),
  })
  .strict();

export const templateInputSchema = z
  .object({
    name: lineSchema(100, { min: 1, emptyMessage: 'is required' }),
    description: z.preprocess(blankToNull, textSchema(1000).nullish()),
    sections: z.array(sectionInputSchema).min(1, 'needs at least one section').max(50),
  })
  .strict()
  .superRefine((template, ctx) => {
    const sectionIds = new Set<string>();
    const fieldIds = new Set<string>();
    template.sections.forEach((section, s) => {
      if (sectionIds.has(section.id))
        ctx.addIssue({ code: 'custom', path: ['sections', s, 'id'], message: `duplicates section id ${section.id}` });
      sectionIds.add(section.id);
      section.fields.forEach((field, f) => {
        if (fieldIds.has(field.id))
          ctx.addIssue({ code: 'custom', path: ['sections', s, 'fields', f, 'id'], message: `duplicates field id ${field.id}` });
        fieldIds.add(field.id);
        if (field.type === 'choice') {
          const options = field.options ?? [];
          if (options.length < 2)
            ctx.addIssue({ code: 'custom', path: ['sections', s, 'fields', f, 'options'], message: 'a choice needs at least two options' });
          if (new Set(options.map((o) => o.toLowerCase())).size !== options.length) {
            ctx.addIssue({ code: 'custom', path: ['sections', s, 'fields', f, 'options'], message: 'must not repeat an option' });
          }
        } else if (field.options?.length) {
          ctx.addIssue({ code: 'custom', path: ['sections', s, 'fields', f, 'options'], message: 'only a choice has options' });
        }
      });
    });
  });
export type TemplateInput = z.infer<typeof templateInputSchema>;
