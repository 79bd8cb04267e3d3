/**
 * Spec §3 defaults, answered for a user who never saved preferences and applied by the web when
 * the answer fails. A file of its own without zod: the web's shell bundle imports it. preferences.ts checks it
 * against the ColorPreferences contract.
 */
export const DEFAULT_COLOR_PREFERENCES = Object.freeze({
  primaryColor: '#8b5cf6',
  isDarkMode: false,
  primaryTextColor: '#111827',
  secondaryTextColor: '#6b7280',
  savedBrandColors: [] as string[],
  savedTextColors: [] as string[],
});
