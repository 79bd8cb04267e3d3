import { describe, expect, it } from 'vitest';
import { automationChannels } from './automation-channels.js';

describe('channel rule at send time', () => {
  it('texts a consenting client and e-mails the others', () => {
    expect(automationChannels('sms-else-email', { sms: true, email: true })).toEqual(['sms']);
    expect(automationChannels('sms-else-email', { sms: false, email: true })).toEqual(['email']);
    expect(automationChannels('sms-else-email', { sms: false, email: false })).toEqual([]);
  });

  it('uses every reachable channel for "both" and only e-mail for "email"', () => {
    expect(automationChannels('both', { sms: true, email: true })).toEqual(['sms', 'email']);
    expect(automationChannels('both', { sms: false, email: true })).toEqual(['email']);
    expect(automationChannels('email', { sms: true, email: false })).toEqual([]);
  });
});
