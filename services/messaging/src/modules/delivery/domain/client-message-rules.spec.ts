import { describe, expect, it } from 'vitest';
import { clientChannel, localDateTime, oneLine } from './client-message-rules.js';

describe('how times are written', () => {
  // Spec §9: America/Chicago, 12-hour times, dates as short month, day, year.
  it.each([
    { case: 'winter (CST, UTC-6)', iso: '2026-01-15T20:30:00Z', zone: 'America/Chicago', date: 'Jan 15, 2026', time: '2:30 PM' },
    { case: 'summer (CDT, UTC-5)', iso: '2026-07-01T15:00:00Z', zone: 'America/Chicago', date: 'Jul 1, 2026', time: '10:00 AM' },
    { case: 'noon', iso: '2026-01-15T18:00:00Z', zone: 'America/Chicago', date: 'Jan 15, 2026', time: '12:00 PM' },
    {
      case: 'the local day before the UTC day',
      iso: '2026-03-10T04:45:00Z',
      zone: 'America/Chicago',
      date: 'Mar 9, 2026',
      time: '11:45 PM',
    },
    {
      case: 'the morning clocks spring forward',
      iso: '2026-03-08T08:30:00Z',
      zone: 'America/Chicago',
      date: 'Mar 8, 2026',
      time: '3:30 AM',
    },
    { case: 'another location’s zone', iso: '2026-01-15T20:30:00Z', zone: 'America/New_York', date: 'Jan 15, 2026', time: '3:30 PM' },
  ])('writes $case as $date, $time', ({ iso, zone, date, time }) => {
    expect(localDateTime(iso, zone)).toEqual({ date, time });
  });
});

describe('which channel reaches the client', () => {
  const r = { phone: '+13125550101', email: 'ana@example.com', smsConsent: true, smsOptedOut: false };
  it.each([
    { case: 'phone with SMS consent', recipient: r, expected: { channel: 'sms', to: '+13125550101' } },
    { case: 'phone with SMS consent, no e-mail', recipient: { ...r, email: null }, expected: { channel: 'sms', to: '+13125550101' } },
    { case: 'no SMS consent, e-mail', recipient: { ...r, smsConsent: false }, expected: { channel: 'email', to: 'ana@example.com' } },
    {
      case: 'number opted out with STOP, e-mail',
      recipient: { ...r, smsOptedOut: true },
      expected: { channel: 'email', to: 'ana@example.com' },
    },
    { case: 'no phone, e-mail', recipient: { ...r, phone: null }, expected: { channel: 'email', to: 'ana@example.com' } },
    {
      case: 'no SMS consent, no e-mail',
      recipient: { ...r, smsConsent: false, email: null },
      expected: { channel: null, reason: 'no SMS consent and no e-mail address' },
    },
    {
      case: 'opted out, no e-mail',
      recipient: { ...r, smsOptedOut: true, email: null },
      expected: { channel: null, reason: 'the phone opted out of texts (STOP) and no e-mail address' },
    },
    {
      case: 'nothing',
      recipient: { phone: null, email: null, smsConsent: false, smsOptedOut: false },
      expected: { channel: null, reason: 'no phone and no e-mail address' },
    },
  ])('$case → $expected.channel', ({ recipient, expected }) => {
    expect(clientChannel(recipient)).toEqual(expected);
  });
});

describe('oneLine', () => {
  it('keeps names from other services on one line', () => {
    expect(oneLine('  Willow\n&   Sage\t')).toBe('Willow & Sage');
  });
});
