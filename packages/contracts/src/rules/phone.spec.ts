import { describe, expect, it } from 'vitest';
import { normalisePhone, phoneDigitsOf, toE164 } from './phone.js';
import { phoneLikeSchema, phoneSchema } from './phone-schema.js';

describe('normalisePhone', () => {
  it('reads every usual way of writing a US number as one E.164 number', () => {
    for (const raw of [
      '(555) 010-2000',
      '555-010-2000',
      '5550102000',
      '+1 555 010 2000',
      '1 555 010 2000',
      '1-555-010-2000',
      '555.010.2000',
    ]) {
      expect(normalisePhone(raw)).toEqual({ ok: true, e164: '+15550102000' });
    }
    expect(normalisePhone('(312) 555-0134')).toEqual({ ok: true, e164: '+13125550134' });
    expect(normalisePhone('312 867 5309')).toEqual({ ok: true, e164: '+13128675309' });
  });

  it('reads numbers with a country code, and local numbers in the given country', () => {
    expect(normalisePhone('+44 20 7946 0958')).toEqual({ ok: true, e164: '+442079460958' });
    expect(normalisePhone('020 7946 0958', 'GB')).toEqual({ ok: true, e164: '+442079460958' });
  });

  it('refuses what is not a phone number, naming why', () => {
    expect(normalisePhone('abc')).toEqual({ ok: false, message: 'must be a phone number' });
    expect(normalisePhone('12345')).toEqual({ ok: false, message: 'must be a valid phone number' });
    expect(normalisePhone('  ')).toEqual({ ok: false, message: 'must not be empty' });
    expect(normalisePhone('+1 012 345 6789').ok).toBe(false);
  });
});

describe('toE164', () => {
  it('answers E.164 or null', () => {
    expect(toE164(' (312) 555-0101 ')).toBe('+13125550101');
    expect(toE164('not a phone')).toBeNull();
  });
});

describe('phoneDigitsOf', () => {
  it('compares every way of writing one NANP number equal', () => {
    expect(new Set(['(312) 555-0101', '312.555.0101', '+1 312 555 0101', '13125550101'].map((p) => phoneDigitsOf(p)))).toEqual(
      new Set(['13125550101']),
    );
    expect(phoneDigitsOf('+44 20 7946 0958')).toBe('442079460958');
    expect(phoneDigitsOf('(555) 010-2000')).toBe('15550102000');
    expect(phoneDigitsOf('+1 555 010 2000')).toBe('15550102000');
    expect(phoneDigitsOf('2000')).toBe('2000');
  });
});

describe('phoneSchema', () => {
  it('answers E.164 for a readable number and one issue with the message otherwise', () => {
    expect(phoneSchema().parse('(312) 555-0101')).toBe('+13125550101');
    const failed = phoneSchema('must be a phone').safeParse('12');
    expect(failed.success).toBe(false);
    expect(failed.error?.issues.map((i) => i.message)).toEqual(['must be a phone']);
  });
});

describe('phoneLikeSchema', () => {
  it('accepts anything written like a number, real or not, and refuses text', () => {
    expect(phoneLikeSchema().parse(' +1 999 555 0000 ')).toBe('+1 999 555 0000');
    expect(phoneLikeSchema('nope').safeParse('call me').error?.issues[0].message).toBe('nope');
  });
});
