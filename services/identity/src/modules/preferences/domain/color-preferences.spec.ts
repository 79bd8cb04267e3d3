import { describe, expect, it } from 'vitest';
import { parseInput } from '@salon/nest-kit';
import { colorPreferencesInputSchema, DEFAULT_COLOR_PREFERENCES } from '@salon/contracts';
import { mergeColorPreferences } from './color-preferences.js';

describe('colour preferences', () => {
  it('has the spec defaults', () => {
    expect(DEFAULT_COLOR_PREFERENCES).toMatchObject({
      primaryColor: '#8b5cf6',
      isDarkMode: false,
      primaryTextColor: '#111827',
      secondaryTextColor: '#6b7280',
    });
  });
  it('accepts #rrggbb in either case and stores lower case', () => {
    expect(parseInput(colorPreferencesInputSchema, { primaryColor: '#AABBCC' }).primaryColor).toBe('#aabbcc');
  });
  it('refuses anything that is not #rrggbb, naming the field', () => {
    for (const bad of ['#abc', 'red', '#gggggg', '8b5cf6', '#8b5cf6ff']) {
      expect(() => parseInput(colorPreferencesInputSchema, { primaryColor: bad })).toThrow('primaryColor: must be a #rrggbb colour');
    }
    expect(() => parseInput(colorPreferencesInputSchema, { savedBrandColors: ['#ffffff', 'blue'] })).toThrow(
      'savedBrandColors.1: must be a #rrggbb colour',
    );
  });
  it('merges a partial change and dedupes palettes', () => {
    const change = parseInput(colorPreferencesInputSchema, { isDarkMode: true, savedBrandColors: ['#FFFFFF', '#ffffff'] });
    expect(mergeColorPreferences({ ...DEFAULT_COLOR_PREFERENCES }, change)).toMatchObject({
      isDarkMode: true,
      primaryColor: '#8b5cf6',
      savedBrandColors: ['#ffffff'],
    });
  });
});
