import { describe, expect, it } from 'vitest';
import { dialOutcome, nextOutcome, outboundOutcome, secondsOf, textBackMessage, textBackVerdict } from './call-outcome.js';

describe('call outcomes', () => {
  it('counts only a completed dial as answered', () => {
    expect(dialOutcome('completed')).toBe('answered');
    for (const s of ['no-answer', 'busy', 'failed', 'canceled', undefined]) expect(dialOutcome(s)).toBe('missed');
  });

  it('reads outbound call statuses, leaving the ones still going open', () => {
    expect(outboundOutcome('completed')).toBe('answered');
    expect(outboundOutcome('no-answer')).toBe('missed');
    expect(outboundOutcome('ringing')).toBeNull();
    expect(outboundOutcome(undefined)).toBeNull();
  });

  it('never moves a call backwards', () => {
    expect(nextOutcome('ringing', 'missed')).toBe('missed');
    expect(nextOutcome('missed', 'voicemail')).toBe('voicemail');
    expect(nextOutcome('voicemail', 'missed')).toBe('voicemail');
    expect(nextOutcome('answered', 'ringing')).toBe('answered');
  });

  it('reads durations', () => {
    expect(secondsOf('42')).toBe(42);
    expect(secondsOf('')).toBeNull();
    expect(secondsOf('-1')).toBeNull();
  });
});

describe('missed-call text-back', () => {
  it('follows the SMS consent rules', () => {
    expect(textBackVerdict({ enabled: true, optedOut: false, clientSmsConsent: null })).toEqual({ send: true });
    expect(textBackVerdict({ enabled: true, optedOut: false, clientSmsConsent: true })).toEqual({ send: true });
    expect(textBackVerdict({ enabled: true, optedOut: true, clientSmsConsent: true })).toEqual({ send: false, reason: 'opted out' });
    expect(textBackVerdict({ enabled: true, optedOut: false, clientSmsConsent: false })).toEqual({ send: false, reason: 'no consent' });
    expect(textBackVerdict({ enabled: false, optedOut: false, clientSmsConsent: true })).toEqual({ send: false, reason: 'off' });
  });

  it('carries the booking link', () => {
    expect(textBackMessage('https://x.test/booking', 'Ana')).toContain('Hi Ana, sorry we missed your call');
    expect(textBackMessage('https://x.test/booking', null)).toContain('https://x.test/booking');
  });
});
