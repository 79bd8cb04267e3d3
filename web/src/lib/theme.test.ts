import { describe, expect, it } from 'vitest';
import { DEFAULT_COLORS, contrastText, isHexColor, normalizeColorPreferences, themeVariables } from './theme';

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
    const vars = themeVariables({ ...DEFAULT_COLORS, primaryColor: '#ffee00' });
    expect(vars['--primary']).toBe('#ffee00');
    expect(vars['--primary-contrast']).toBe('#111827');
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
