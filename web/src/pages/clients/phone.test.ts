import { describe, expect, it } from 'vitest';
import { formatPhone, looksLikePhone, toE164 } from './phone';

describe('formatPhone', () => {
  it('shows US E.164 numbers as (312) 555-0101', () => {
    expect(formatPhone('+13125550101')).toBe('(312) 555-0101');
    expect(formatPhone('3125550101')).toBe('(312) 555-0101');
  });
  it('groups other countries and keeps junk as given', () => {
    expect(formatPhone('+447946095812').startsWith('+44 ')).toBe(true);
    expect(formatPhone('ext. 12')).toBe('ext. 12');
  });
  it('is empty for null', () => {
    expect(formatPhone(null)).toBe('');
    expect(formatPhone(undefined)).toBe('');
  });
});

describe('toE164', () => {
  it('adds +1 to US numbers', () => {
    expect(toE164('(312) 555-0101')).toBe('+13125550101');
    expect(toE164('1 312 555 0101')).toBe('+13125550101');
    expect(toE164('+44 20 7946 0958')).toBe('+442079460958');
  });
  it('is null when empty and as typed when unclear', () => {
    expect(toE164('  ')).toBeNull();
    expect(toE164('555-01')).toBe('555-01');
  });
});

describe('looksLikePhone', () => {
  it('tells digits from names', () => {
    expect(looksLikePhone('312 555')).toBe(true);
    expect(looksLikePhone('Ana')).toBe(false);
    expect(looksLikePhone('12')).toBe(false);
  });
});
