import { describe, expect, it } from 'vitest';
import { marketingVerdict } from './marketing-consent.js';

const sms = { granted: true, method: 'staff', address: '+13125550142' };

describe('marketingVerdict', () => {
  it('allows a channel the client consented to, at the address of that decision', () => {
    expect(marketingVerdict('sms', sms, false)).toEqual({ allowed: true, to: '+13125550142' });
    expect(marketingVerdict('email', { granted: true, method: 'online-booking', address: 'ana@example.com' }, false)).toEqual({
      allowed: true,
      to: 'ana@example.com',
    });
  });

  it('refuses without a recorded consent, or after a withdrawal, naming how it was withdrawn', () => {
    expect(marketingVerdict('sms', null, false)).toEqual({ allowed: false, reason: 'the client has not consented to texts' });
    expect(marketingVerdict('sms', { ...sms, granted: false, method: 'sms-keyword' }, false)).toEqual({
      allowed: false,
      reason: 'the client has not consented to texts (sms-keyword)',
    });
    expect(marketingVerdict('email', { granted: false, method: 'staff', address: 'ana@example.com' }, false)).toEqual({
      allowed: false,
      reason: 'the client has not consented to e-mails (staff)',
    });
  });

  it('refuses a text to a phone that replied STOP even when the profile still says yes', () => {
    expect(marketingVerdict('sms', sms, true)).toEqual({ allowed: false, reason: 'the phone replied STOP' });
    // The phone's STOP list is about texts only.
    expect(marketingVerdict('email', { granted: true, method: 'staff', address: 'ana@example.com' }, true)).toMatchObject({
      allowed: true,
    });
  });

  it('refuses when the decision has no address left', () => {
    expect(marketingVerdict('email', { granted: true, method: 'staff', address: null }, false)).toEqual({
      allowed: false,
      reason: 'no e-mail address',
    });
  });
});
