/** Identity's business settings (spec §3): GET/PUT /api/business-settings and the GraphQL type. */
import { z } from 'zod';
import { phoneSchema } from '../rules/phone-schema.js';
import { timeZoneSchema } from '../rules/time-zone.js';
import { CONTROL_CHARACTERS_PROBLEM, lineSchema, TEXT_LIMITS, textProblem } from '../rules/text.js';
import { imageUrlSchema } from './users.js';

export const businessSettingsSchema = z.object({
  businessName: z.string(),
  businessLogo: z.string().nullable(),
  timeZone: z.string(),
  currency: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  website: z.string().nullable(),
});
export type BusinessSettings = z.infer<typeof businessSettingsSchema>;

export const businessSettingsInputSchema = z.strictObject({
  businessName: lineSchema(120, { min: 1 }).optional(),
  businessLogo: imageUrlSchema.nullable().optional(),
  timeZone: timeZoneSchema.optional(),
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/, 'must be a three-letter ISO 4217 code such as USD')
    .optional(),
  phone: phoneSchema().nullable().optional(),
  email: z.email('must be a valid e-mail address').max(254, 'must be at most 254 characters').nullable().optional(),
  website: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
    .max(TEXT_LIMITS.url, `must be at most ${TEXT_LIMITS.url} characters`)
    .refine((s) => textProblem(s) === null, CONTROL_CHARACTERS_PROBLEM)
    .nullable()
    .optional(),
});
export type BusinessSettingsInput = z.infer<typeof businessSettingsInputSchema>;
