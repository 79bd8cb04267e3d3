/** Identity's colour preferences (spec §3): GET/PUT /api/users/{id}/color-preferences and the GraphQL field. */
import { z } from 'zod';
import { DEFAULT_COLOR_PREFERENCES } from './preference-defaults.js';

/** Spec §5: colour values are #rrggbb hex strings. */
export const hexColourSchema = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'must be a #rrggbb colour');

export const colorPreferencesSchema = z.object({
  primaryColor: hexColourSchema,
  isDarkMode: z.boolean(),
  primaryTextColor: hexColourSchema,
  secondaryTextColor: hexColourSchema,
  savedBrandColors: z.array(hexColourSchema),
  savedTextColors: z.array(hexColourSchema),
});
export type ColorPreferences = z.infer<typeof colorPreferencesSchema>;

// The defaults live in a zod-free file for the web's shell bundle; here they are held to the contract.
DEFAULT_COLOR_PREFERENCES satisfies ColorPreferences;
export { DEFAULT_COLOR_PREFERENCES };

const hex = hexColourSchema.transform((value) => value.toLowerCase());
const palette = z
  .array(hex)
  .max(24, 'must hold at most 24 colours')
  .transform((values) => [...new Set(values)]);

export const colorPreferencesInputSchema = z.strictObject({
  primaryColor: hex.optional(),
  isDarkMode: z.boolean('must be true or false').optional(),
  primaryTextColor: hex.optional(),
  secondaryTextColor: hex.optional(),
  savedBrandColors: palette.optional(),
  savedTextColors: palette.optional(),
});
export type ColorPreferencesInput = z.infer<typeof colorPreferencesInputSchema>;
