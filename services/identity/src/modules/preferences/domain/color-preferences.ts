import type { ColorPreferences, ColorPreferencesInput } from '@salon/contracts';

/** A saved change applied over the current preferences (the view and its input: @salon/contracts identity/preferences). */
export function mergeColorPreferences(current: ColorPreferences, change: ColorPreferencesInput): ColorPreferences {
  const merged = { ...current };
  for (const [key, value] of Object.entries(change)) if (value !== undefined) Object.assign(merged, { [key]: value });
  return merged;
}
