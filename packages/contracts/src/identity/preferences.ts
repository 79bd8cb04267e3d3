/** Identity's colour preferences (spec §3): GET/PUT /api/users/{id}/color-preferences and the GraphQL field. */
import { z } from 'zod';

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

/** Spec §3 defaults, answered for a user who never saved preferences (and applied by the web on failure). */
export const DEFAULT_COLOR_PREFERENCES: Readonly<ColorPreferences> = Object.freeze({
  primaryColor: '#8b5cf6',
  isDarkMode: false,
  primaryTextColor: '#111827',
  secondaryTextColor: '#6b7280',
  savedBrandColors: [],
  savedTextColors: [],
});

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
