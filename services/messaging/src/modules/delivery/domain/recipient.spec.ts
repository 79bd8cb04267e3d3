import { describe, expect, it } from 'vitest';
import { toE164 as normalisePhone } from '@salon/contracts';
import { normaliseEmail, normaliseRecipient } from './recipient.js';

describe('recipients', () => {
  it('normalises US numbers typed in any common way to E.164', () => {
    for (const typed of ['(312) 555-0143', '312.555.0143', '+1 312 555 0143', '1-312-555-0143', ' 3125550143 ']) {
      expect(normalisePhone(typed)).toBe('+13125550143');
    }
  });

  it('keeps international numbers given with their country code', () => {
    expect(normalisePhone('+44 20 7946 0958')).toBe('+442079460958');
  });

  it('refuses what cannot be a phone number', () => {
    expect(normalisePhone('12')).toBeNull();
    expect(normalisePhone('call me')).toBeNull();
  });

  it('validates e-mail addresses and lower-cases only the domain', () => {
    expect(normaliseEmail(' Ana.Lopez@Example.COM ')).toBe('Ana.Lopez@example.com');
    expect(normaliseEmail('not-an-address')).toBeNull();
    expect(normaliseEmail('a@b')).toBeNull();
  });

  it('picks the rule by channel', () => {
    expect(normaliseRecipient('sms', '3125550143')).toBe('+13125550143');
    expect(normaliseRecipient('email', '3125550143')).toBeNull();
  });
});
