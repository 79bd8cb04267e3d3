import { describe, expect, it } from 'vitest';
import { normalisePhone, phoneDigitsOf } from './phone.js';

describe('normalisePhone', () => {
  it('reads every usual way of writing a US number as one E.164 number', () => {
    for (const raw of ['(555) 010-2000', '5550102000', '+1 555 010 2000', '1-555-010-2000', '555.010.2000']) {
      expect(normalisePhone(raw)).toEqual({ ok: true, e164: '+15550102000' });
    }
    expect(normalisePhone('(312) 555-0134')).toEqual({ ok: true, e164: '+13125550134' });
    expect(normalisePhone('312 867 5309')).toEqual({ ok: true, e164: '+13128675309' });
  });

  it('keeps international numbers', () => {
    expect(normalisePhone('+44 20 7946 0958')).toEqual({ ok: true, e164: '+442079460958' });
  });

  it('uses the default country', () => {
    expect(normalisePhone('020 7946 0958', 'GB')).toEqual({ ok: true, e164: '+442079460958' });
  });

  it('refuses what is not a phone number', () => {
    expect(normalisePhone('abc').ok).toBe(false);
    expect(normalisePhone('12345').ok).toBe(false);
    expect(normalisePhone('  ').ok).toBe(false);
    expect(normalisePhone('+1 012 345 6789').ok).toBe(false);
  });
});

describe('phoneDigitsOf', () => {
  it('gives a 10-digit US number its country code', () => {
    expect(phoneDigitsOf('(555) 010-2000')).toBe('15550102000');
    expect(phoneDigitsOf('+1 555 010 2000')).toBe('15550102000');
    expect(phoneDigitsOf('2000')).toBe('2000');
  });
});
