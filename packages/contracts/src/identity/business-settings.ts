/** Identity's business settings (spec §3): GET/PUT /api/business-settings and the GraphQL type. */
import { z } from 'zod';
import { phoneSchema } from '../rules/phone-schema.js';
import { timeZoneSchema } from '../rules/time-zone.js';
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
  businessName: z.string().trim().min(1, 'must not be empty').max(120, 'must be at most 120 characters').optional(),
  businessLogo: imageUrlSchema.nullable().optional(),
  timeZone: timeZoneSchema.optional(),
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/, 'must be a three-letter ISO 4217 code such as USD')
    .optional(),
  phone: phoneSchema().nullable().optional(),
  email: z.email('must be a valid e-mail address').nullable().optional(),
  website: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
    .nullable()
    .optional(),
});
export type BusinessSettingsInput = z.infer<typeof businessSettingsInputSchema>;
