/** The clients service's notes (docs/clients-api.md): a client's free or structured notes, and their inputs. */
import { z } from 'zod';

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

const body = z.preprocess(
  (v) => (typeof v === 'string' && !v.trim() ? null : v),
  z.string().trim().max(20_000, 'must be at most 20000 characters').nullish(),
);
const valuesSchema = z.record(z.string(), z.unknown(), { error: 'must be an object of field id → value' });

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
    version: z.number({ error: 'is required' }).int().positive(),
  })
  .strict();
export type UpdateNoteInput = z.infer<typeof updateNoteInputSchema>;
