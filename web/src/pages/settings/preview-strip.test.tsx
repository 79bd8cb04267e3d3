// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { colord } from 'colord';
import { DEFAULT_COLORS, contrastRatio } from '../../lib/theme';
import { PreviewStrip } from './ColorPreferencesCard';

afterEach(cleanup);

const hex = (css: string) => colord(css).toHex();

describe('the colour preview in Settings', () => {
  it.each([false, true])('shows every sample readable on its surface (dark mode %s)', (isDarkMode) => {
    render(<PreviewStrip prefs={{ ...DEFAULT_COLORS, isDarkMode, savedBrandColors: [], savedTextColors: [] }} />);
    const strip = screen.getByTestId('colour-preview');
    const surface = hex(strip.style.background);
    for (const label of ['Primary text', 'Secondary text']) {
      expect(contrastRatio(hex(screen.getByText(label).style.color), surface), label).toBeGreaterThanOrEqual(4.5);
    }
    const button = strip.style.getPropertyValue('--preview');
    expect(contrastRatio(button, strip.style.getPropertyValue('--preview-contrast'))).toBeGreaterThanOrEqual(4.5);
  });

  it('shows a chosen text colour as chosen', () => {
    render(<PreviewStrip prefs={{ ...DEFAULT_COLORS, primaryTextColor: '#1e3a8a', savedBrandColors: [], savedTextColors: [] }} />);
    expect(hex(screen.getByText('Primary text').style.color)).toBe('#1e3a8a');
  });
});
