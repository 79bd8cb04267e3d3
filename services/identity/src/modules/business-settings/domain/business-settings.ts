import { z } from 'zod';
import { timeZoneSchema } from '../../locations/domain/location-rules.js';

export interface BusinessSettings {
  businessName: string;
  businessLogo: string | null;
  timeZone: string;
  currency: string;
  phone: string | null;
  email: string | null;
  website: string | null;
}

export const businessSettingsInputSchema = z.strictObject({
  businessName: z.string().trim().min(1, 'must not be empty').max(120, 'must be at most 120 characters').optional(),
  businessLogo: z
    .string()
    .max(400_000, 'must be an image under 300 KB')
    .regex(/^(https:\/\/|data:image\/(png|jpeg|gif|webp|svg\+xml);base64,)/, 'must be an https URL or an image data URL')
    .nullable()
    .optional(),
  timeZone: timeZoneSchema.optional(),
  currency: z.string().regex(/^[A-Z]{3}$/, 'must be a three-letter ISO 4217 code such as USD').optional(),
  phone: z.string().trim().regex(/^\+?[0-9 ().-]{7,20}$/, 'must be a phone number such as +1 555 010 2000').nullable().optional(),
  email: z.email('must be a valid e-mail address').nullable().optional(),
  website: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).nullable().optional(),
});

export type BusinessSettingsInput = z.infer<typeof businessSettingsInputSchema>;
