import { z } from 'zod';
import { alternativeSlotSchema } from './availability.js';

/**
 * Scheduling's one 409 body, for appointments, visits, series, classes and online booking:
 * `{error, taken?, alternatives?}`. REST answers it as the body; GraphQL puts `taken` and
 * `alternatives` in the error's `extensions` (code `CONFLICT`).
 */

/** A time that was not free: when, why, and (when the database refused a hold) which resource. */
export const takenTimeSchema = z.object({
  startsAt: z.string(),
  /** "Dana Lee is with a client until 2:45 PM", "Room 2 is taken at 2:00 PM". */
  reason: z.string(),
  kind: z.enum(['staff', 'room', 'device']).optional(),
  id: z.string().optional(),
  name: z.string().optional(),
});
export type TakenTime = z.infer<typeof takenTimeSchema>;

export const bookingConflictBodySchema = z
  .object({
    error: z.string(),
    /** Every asked-for time that was not free (one per date of a series or a repeating class). */
    taken: z.array(takenTimeSchema).optional(),
    /** The nearest free times instead (empty when the engine has none to offer). */
    alternatives: z.array(alternativeSlotSchema).optional(),
  })
  .strict();
export type BookingConflictBody = z.infer<typeof bookingConflictBodySchema>;
