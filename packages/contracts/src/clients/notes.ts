/** The clients service's notes (docs/clients-api.md): a client's free or structured notes, and their inputs. */
import { z } from 'zod';
import { intSchema } from '../rules/numbers.js';
import { blankToNull, lineSchema, textSchema } from '../rules/text.js';

export type NoteValues = Record<string, unknown>;

export const noteSchema = z.object({
  id: z.string(),
  clientId: z.string(),
  /** A free note. */
  body: z.string().nullable(),
  templateId: z.string().nullable(),
  templateName: z.string().nullable(),
  /** A structured note: template field id → value. */
  values: z.record(z.string(), z.unknown()).nullable(),
  pinned: z.boolean(),
  authorId: z.string(),
  authorName: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number().int(),
});
export type Note = z.infer<typeof noteSchema>;

const body = z.preprocess(blankToNull, textSchema(20_000).nullish());
/** Keys are template field ids (at most 64 characters); the values are checked against the template by the service. */
const valuesSchema = z.record(lineSchema(64), z.unknown(), { error: 'must be an object of field id → value' });

export const addNoteInputSchema = z
  .object({
    body,
    templateId: z.preprocess((v) => (v === '' ? null : v), z.uuid('must be a note template id').nullish()),
    values: valuesSchema.nullish(),
    pinned: z.boolean().optional(),
  })
  .strict();
export type AddNoteInput = z.infer<typeof addNoteInputSchema>;

export const updateNoteInputSchema = z
  .object({
    body,
    values: valuesSchema.nullish(),
    pinned: z.boolean().optional(),
    version: intSchema({ min: 1 }),
  })
  .strict();
export type UpdateNoteInput = z.infer<typeof updateNoteInputSchema>;
