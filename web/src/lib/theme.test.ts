import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { colord, extend } from 'colord';
import mixPlugin from 'colord/plugins/mix';
import {
  DEFAULT_COLORS,
  contrastRatio,
  contrastText,
  isHexColor,
  normalizeColorPreferences,
  readablePrimary,
  readableText,
  themeVariables,
} from './theme';

describe('colour preferences', () => {
  it('validates #rrggbb', () => {
    expect(isHexColor('#8b5cf6')).toBe(true);
    expect(isHexColor('#FFF')).toBe(false);
    expect(isHexColor('8b5cf6')).toBe(false);
    expect(isHexColor('#8b5cf6ff')).toBe(false);
  });

  it('falls back to the defaults for a failed or empty answer', () => {
    expect(normalizeColorPreferences(null)).toEqual({ ...DEFAULT_COLORS });
    expect(normalizeColorPreferences({})).toEqual({ ...DEFAULT_COLORS });
    expect(DEFAULT_COLORS).toMatchObject({
      primaryColor: '#8b5cf6',
      isDarkMode: false,
      primaryTextColor: '#111827',
      secondaryTextColor: '#6b7280',
    });
  });

  it('keeps valid fields and drops invalid ones', () => {
    const p = normalizeColorPreferences({
      primaryColor: '#112233',
      isDarkMode: true,
      primaryTextColor: 'red',
      savedBrandColors: ['#aabbcc', 'nope'],
    });
    expect(p.primaryColor).toBe('#112233');
    expect(p.isDarkMode).toBe(true);
    expect(p.primaryTextColor).toBe('#111827');
    expect(p.savedBrandColors).toEqual(['#aabbcc']);
  });

  it('maps preferences to CSS variables', () => {
    const vars = themeVariables({ ...DEFAULT_COLORS, primaryColor: '#1d4ed8' });
    expect(vars['--primary']).toBe('#1d4ed8');
    expect(vars['--primary-contrast']).toBe('#ffffff');
    expect(vars['--text-primary']).toBe('#111827');
    const dark = themeVariables({ ...DEFAULT_COLORS, isDarkMode: true });
    expect(dark['--text-primary']).toBeNull();
    expect(themeVariables({ ...DEFAULT_COLORS, isDarkMode: true, primaryTextColor: '#eeeeee' })['--text-primary']).toBe('#eeeeee');
  });

  it('picks readable text on the brand colour', () => {
    expect(contrastText('#8b5cf6')).toBe('#ffffff');
    expect(contrastText('#fde68a')).toBe('#111827');
  });
});

extend([mixPlugin]);

describe('a brand colour that stays readable', () => {
  const SURFACES = { light: ['#ffffff', '#f7f7fb'], dark: ['#151821', '#0b0d12', '#1d212c'] };
  const BRANDS = [
    '#8b5cf6',
    '#ffee00',
    '#fde68a',
    '#ffffff',
    '#000000',
    '#22c55e',
    '#06b6d4',
    '#f43f5e',
    '#f97316',
    '#1d4ed8',
    '#0f172a',
    '#a3e635',
  ];

  it.each(BRANDS.flatMap((brand) => [[brand, false] as const, [brand, true] as const]))(
    '%s in %s dark mode reads at WCAG AA as text on the page and under its contrast text',
    (brand, dark) => {
      const vars = themeVariables({ ...DEFAULT_COLORS, primaryColor: brand, isDarkMode: dark });
      const primary = vars['--primary']!;
      for (const surface of dark ? SURFACES.dark : SURFACES.light) {
        expect(contrastRatio(primary, surface)).toBeGreaterThanOrEqual(4.5);
        // On its own 12% tint: the active menu item, badges, initials.
        expect(contrastRatio(primary, colord(surface).mix(primary, 0.12).toHex())).toBeGreaterThanOrEqual(4.4);
      }
      expect(contrastRatio(primary, vars['--primary-contrast']!)).toBeGreaterThanOrEqual(4.5);
    },
  );

  it('keeps a brand colour that already reads, and the hue of one that does not', () => {
    expect(readablePrimary('#1d4ed8', false)).toBe('#1d4ed8');
    expect(readablePrimary('#fde68a', true)).toBe('#fde68a');
    const violet = readablePrimary('#8b5cf6', false);
    expect(violet).not.toBe('#8b5cf6');
    expect(Math.abs(colord(violet).hue() - colord('#8b5cf6').hue())).toBeLessThan(6);
  });

  it('starts the stylesheet with the default brand made readable, in both modes', () => {
    const css = readFileSync(join(__dirname, '../styles/base.css'), 'utf8');
    const light = /:root \{[^}]*--primary: (#[0-9a-f]{6});/.exec(css)?.[1];
    const dark = /:root\.dark \{[^}]*--primary: (#[0-9a-f]{6});/.exec(css)?.[1];
    expect(light).toBe(readablePrimary(DEFAULT_COLORS.primaryColor, false));
    expect(dark).toBe(readablePrimary(DEFAULT_COLORS.primaryColor, true));
    const secondary = /:root \{[^}]*--text-secondary: (#[0-9a-f]{6});/.exec(css)?.[1];
    expect(secondary).toBe(readableText(DEFAULT_COLORS.secondaryTextColor, false));
  });

  it.each([
    ['#6b7280', false],
    ['#9ca3af', false],
    ['#374151', true],
    ['#f59e0b', false],
  ] as const)('adjusts the text colour %s (dark mode %s) to read on every surface', (color, dark) => {
    const vars = themeVariables({ ...DEFAULT_COLORS, isDarkMode: dark, primaryTextColor: color, secondaryTextColor: color });
    for (const surface of dark ? SURFACES.dark : [...SURFACES.light, '#f3f4f6'])
      expect(contrastRatio(vars['--text-secondary']!, surface)).toBeGreaterThanOrEqual(4.5);
  });
});
