import { describe, expect, it } from 'vitest';
import { EXPIRY_CHOICES, parseTipPresets } from './checkout-settings';

describe('parseTipPresets', () => {
  it.each([
    ['15, 18, 20, 25', [15, 18, 20, 25]],
    ['15 18 20', [15, 18, 20]],
    ['12.5%, 20%', [12.5, 20]],
    ['0', [0]],
  ])('reads %j', (text, value) => {
    expect(parseTipPresets(text)).toEqual({ ok: true, value });
  });

  it.each([
    ['', 'give at least one percentage, e.g. 15, 18, 20'],
    ['15, ten', '"ten" is not a percentage between 0 and 100'],
    ['15, 120', '"120" is not a percentage between 0 and 100'],
    ['-5', '"-5" is not a percentage between 0 and 100'],
    ['15, 18, 15', '15% is listed twice'],
    ['1, 2, 3, 4, 5, 6, 7', 'at most six presets'],
  ])('names the mistake in %j', (text, message) => {
    expect(parseTipPresets(text)).toEqual({ ok: false, message });
  });
});

describe('gift card expiry choices', () => {
  it('offers never, and only whole years of at least five (US rules)', () => {
    expect(EXPIRY_CHOICES[0]).toEqual({ value: '', label: 'Never' });
    for (const c of EXPIRY_CHOICES.slice(1)) expect(Number(c.value)).toBeGreaterThanOrEqual(5);
  });
});
