/** Identity's locations (spec §3 Location): GET /api/locations and the GraphQL type. */
import { z } from 'zod';
import { phoneSchema } from '../rules/phone-schema.js';
import { timeZoneSchema } from '../rules/time-zone.js';
import { lineSchema, textSchema } from '../rules/text.js';

export const locationSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** IANA time zone, e.g. America/Chicago. */
  timeZone: z.string(),
  isDefault: z.boolean(),
  isActive: z.boolean(),
  address: z.string().nullable(),
  phone: z.string().nullable(),
});
export type Location = z.infer<typeof locationSchema>;

export const locationListSchema = z.array(locationSchema);

export const locationInputSchema = z.strictObject({
  name: lineSchema(80, { min: 1 }).optional(),
  timeZone: timeZoneSchema.optional(),
  /** May span lines (street, city). */
  address: textSchema(300).nullable().optional(),
  phone: phoneSchema().nullable().optional(),
  isActive: z.boolean('must be true or false').optional(),
});
export type LocationInput = z.infer<typeof locationInputSchema>;
