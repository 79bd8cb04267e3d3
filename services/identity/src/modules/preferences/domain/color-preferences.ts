import { z } from 'zod';

export interface ColorPreferences {
  primaryColor: string;
  isDarkMode: boolean;
  primaryTextColor: string;
  secondaryTextColor: string;
  savedBrandColors: string[];
  savedTextColors: string[];
}

/** Spec §3 defaults, answered for a user who never saved preferences. */
export const DEFAULT_COLOR_PREFERENCES: Readonly<ColorPreferences> = Object.freeze({
  primaryColor: '#8b5cf6',
  isDarkMode: false,
  primaryTextColor: '#111827',
  secondaryTextColor: '#6b7280',
  savedBrandColors: [],
  savedTextColors: [],
});

const hex = z
  .string()
  .regex(/^#[0-9a-fA-F]{6}$/, 'must be a #rrggbb colour')
  .transform((value) => value.toLowerCase());
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

export function mergeColorPreferences(current: ColorPreferences, change: ColorPreferencesInput): ColorPreferences {
  const merged = { ...current };
  for (const [key, value] of Object.entries(change)) if (value !== undefined) Object.assign(merged, { [key]: value });
  return merged;
}
