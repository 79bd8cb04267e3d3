import type { ColorPreferences } from '@salon/contracts';
import { colord, extend } from 'colord';
import a11yPlugin from 'colord/plugins/a11y';
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

extend([a11yPlugin]);

/** WCAG 2.x contrast ratio of two colours (1 to 21). */
export const contrastRatio = (a: string, b: string): number => colord(a).contrast(b);

/** Black or white, whichever reads better on the given background. */
export function contrastText(hex: string): '#ffffff' | '#111827' {
  if (!isHexColor(hex)) return '#ffffff';
  return contrastRatio(hex, '#ffffff') >= contrastRatio(hex, '#111827') ? '#ffffff' : '#111827';
}

/** The page's surfaces per mode (base.css `--surface`, `--bg`, `--surface-2`): text sits on all of them. */
const SURFACES = { light: ['#ffffff', '#f7f7fb', '#f3f4f6'], dark: ['#151821', '#0b0d12', '#1d212c'] } as const;
/** WCAG AA for text is 4.5:1; a hair more so the browser's own colour mixing cannot round below it. */
const TARGET_RATIO = 4.6;

/** `color-mix(in srgb, base, top share)`, as the stylesheet's tints compute it. */
function mixSrgb(base: string, top: string, share: number): string {
  const a = colord(base).toRgb();
  const b = colord(top).toRgb();
  const mix = (x: number, y: number) => Math.round(x * (1 - share) + y * share);
  return colord({ r: mix(a.r, b.r), g: mix(a.g, b.g), b: mix(a.b, b.b) }).toHex();
}

/**
 * The colour, darkened (light mode) or lightened (dark mode) in small steps until it reads on
 * every surface; a colour that already reads is returned as it is.
 */
function adjustUntilReadable(color: string, dark: boolean, reads: (candidate: string) => boolean): string {
  let c = colord(color);
  for (let step = 0; step < 100 && !reads(c.toHex()); step++) c = dark ? c.lighten(0.01) : c.darken(0.01);
  return c.toHex();
}

/**
 * The owner's brand colour as the app can use it for text, links, the active menu item, badges
 * and buttons: the same hue, darkened (light mode) or lightened (dark mode) just enough to read
 * at WCAG AA on the page's surfaces, on its own 12% tint (the active menu item, badges) and under
 * its contrast text (buttons). A colour that already reads is kept as picked.
 */
export function readablePrimary(brand: string, dark: boolean, surfaces: readonly string[] = dark ? SURFACES.dark : SURFACES.light): string {
  const base = isHexColor(brand) ? brand : DEFAULT_COLORS.primaryColor;
  const ink = dark ? '#111827' : '#ffffff';
  return adjustUntilReadable(
    base,
    dark,
    (c) =>
      contrastRatio(c, ink) >= TARGET_RATIO &&
      surfaces.every((s) => contrastRatio(c, s) >= TARGET_RATIO && contrastRatio(c, mixSrgb(s, c, 0.12)) >= TARGET_RATIO),
  );
}

/** A text colour the owner picked, adjusted just enough to read on every surface of the mode. */
export function readableText(color: string, dark: boolean): string {
  const surfaces = dark ? SURFACES.dark : SURFACES.light;
  return adjustUntilReadable(color, dark, (c) => surfaces.every((s) => contrastRatio(c, s) >= TARGET_RATIO));
}

/**
 * The public booking page's colours (its own background, picked in Booking design): the brand
 * colour made readable on that background, and the text that goes on it.
 */
export function bookingPalette(primaryColor: string, backgroundColor: string): { primary: string; contrast: string } {
  const background = isHexColor(backgroundColor) ? backgroundColor : '#ffffff';
  const dark = colord(background).isDark();
  const primary = readablePrimary(primaryColor, dark, dark ? [background] : [background, '#ffffff']);
  return { primary, contrast: contrastText(primary) };
}

/** CSS custom properties a preference set produces (pure; used by applyTheme and tests). */
export function themeVariables(prefs: ColorPreferences): Record<string, string | null> {
  // In dark mode the default (dark) text colours would be unreadable: leave them to the .dark palette.
  const keepText = (value: string, def: string) =>
    prefs.isDarkMode && value.toLowerCase() === def ? null : readableText(value, prefs.isDarkMode);
  const primary = readablePrimary(prefs.primaryColor, prefs.isDarkMode);
  return {
    '--primary': primary,
    '--primary-contrast': contrastText(primary),
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
