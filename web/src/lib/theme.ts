import type { ColorPreferences } from '@salon/contracts';
import { DEFAULT_COLOR_PREFERENCES } from '@salon/contracts/identity/preference-defaults';
import { STORAGE_KEYS, storage } from '../session/storage-keys';

/** Spec §3 defaults: the contract's, the same identity answers. */
export const DEFAULT_COLORS: Readonly<ColorPreferences> = DEFAULT_COLOR_PREFERENCES;

export const HEX_COLOR = /^#[0-9a-fA-F]{6}$/;
export const isHexColor = (v: unknown): v is string => typeof v === 'string' && HEX_COLOR.test(v);

/**
 * Spec §8: a failed or empty colour-preference answer means the defaults apply.
 * Invalid fields fall back one by one.
 */
export function normalizeColorPreferences(raw: unknown): ColorPreferences {
  if (!raw || typeof raw !== 'object') return { ...DEFAULT_COLORS, savedBrandColors: [], savedTextColors: [] };
  const r = raw as Partial<Record<keyof ColorPreferences, unknown>>;
  const list = (v: unknown) => (Array.isArray(v) ? v.filter(isHexColor) : []);
  return {
    primaryColor: isHexColor(r.primaryColor) ? r.primaryColor : DEFAULT_COLORS.primaryColor,
    isDarkMode: typeof r.isDarkMode === 'boolean' ? r.isDarkMode : DEFAULT_COLORS.isDarkMode,
    primaryTextColor: isHexColor(r.primaryTextColor) ? r.primaryTextColor : DEFAULT_COLORS.primaryTextColor,
    secondaryTextColor: isHexColor(r.secondaryTextColor) ? r.secondaryTextColor : DEFAULT_COLORS.secondaryTextColor,
    savedBrandColors: list(r.savedBrandColors),
    savedTextColors: list(r.savedTextColors),
  };
}

/** Black or white, whichever reads better on the given background. */
export function contrastText(hex: string): '#ffffff' | '#111827' {
  if (!isHexColor(hex)) return '#ffffff';
  const n = parseInt(hex.slice(1), 16);
  const [r, g, b] = [(n >> 16) & 255, (n >> 8) & 255, n & 255].map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  const lum = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  return lum > 0.45 ? '#111827' : '#ffffff';
}

/** CSS custom properties a preference set produces (pure; used by applyTheme and tests). */
export function themeVariables(prefs: ColorPreferences): Record<string, string | null> {
  // In dark mode the default (dark) text colours would be unreadable: leave them to the .dark palette.
  const keepText = (value: string, def: string) => (prefs.isDarkMode && value.toLowerCase() === def ? null : value);
  return {
    '--primary': prefs.primaryColor,
    '--primary-contrast': contrastText(prefs.primaryColor),
    '--text-primary': keepText(prefs.primaryTextColor, DEFAULT_COLORS.primaryTextColor),
    '--text-secondary': keepText(prefs.secondaryTextColor, DEFAULT_COLORS.secondaryTextColor),
  };
}

export const THEME_VARIABLES = ['--primary', '--primary-contrast', '--text-primary', '--text-secondary'] as const;

/** Apply colour preferences as CSS variables and the `dark` class on <html>. */
export function applyTheme(prefs: ColorPreferences, root: HTMLElement = document.documentElement): void {
  for (const [name, value] of Object.entries(themeVariables(prefs))) {
    if (value == null) root.style.removeProperty(name);
    else root.style.setProperty(name, value);
  }
  root.classList.toggle('dark', prefs.isDarkMode);
  root.style.colorScheme = prefs.isDarkMode ? 'dark' : 'light';
}

/** Back to the stylesheet defaults (logout, public forms). */
export function resetTheme(root: HTMLElement = document.documentElement): void {
  for (const name of THEME_VARIABLES) root.style.removeProperty(name);
  root.classList.remove('dark');
  root.style.colorScheme = '';
}

export function saveColorPreferences(prefs: ColorPreferences): void {
  storage.set(STORAGE_KEYS.customColor, prefs.primaryColor);
  storage.set(STORAGE_KEYS.darkMode, String(prefs.isDarkMode));
  storage.set(STORAGE_KEYS.primaryTextColor, prefs.primaryTextColor);
  storage.set(STORAGE_KEYS.secondaryTextColor, prefs.secondaryTextColor);
  storage.setJson(STORAGE_KEYS.savedBrandColors, prefs.savedBrandColors);
  storage.setJson(STORAGE_KEYS.savedTextColors, prefs.savedTextColors);
}

export function loadStoredColorPreferences(): ColorPreferences {
  return normalizeColorPreferences({
    primaryColor: storage.get(STORAGE_KEYS.customColor),
    isDarkMode: storage.get(STORAGE_KEYS.darkMode) === 'true',
    primaryTextColor: storage.get(STORAGE_KEYS.primaryTextColor),
    secondaryTextColor: storage.get(STORAGE_KEYS.secondaryTextColor),
    savedBrandColors: storage.getJson(STORAGE_KEYS.savedBrandColors),
    savedTextColors: storage.getJson(STORAGE_KEYS.savedTextColors),
  });
}

export function clearStoredColorPreferences(): void {
  for (const k of [
    STORAGE_KEYS.customColor,
    STORAGE_KEYS.darkMode,
    STORAGE_KEYS.primaryTextColor,
    STORAGE_KEYS.secondaryTextColor,
    STORAGE_KEYS.savedBrandColors,
    STORAGE_KEYS.savedTextColors,
  ]) {
    storage.remove(k);
  }
}
