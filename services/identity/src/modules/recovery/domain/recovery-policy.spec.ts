import { describe, expect, it } from 'vitest';
import { phoneDigitsOf } from '@salon/contracts';
import {
  expiryFor,
  hashSecret,
  maskedPhone,
  MAX_CODE_ATTEMPTS,
  newCode,
  newLinkToken,
  requestProblem,
  secretMatches,
  wrongCodeMessage,
} from './recovery-policy.js';

const now = new Date('2026-11-21T12:00:00Z');

describe('recovery secrets', () => {
  it('makes 6-digit codes and long link tokens', () => {
    for (let i = 0; i < 50; i++) expect(newCode()).toMatch(/^\d{6}$/);
    expect(newLinkToken().length).toBeGreaterThanOrEqual(43);
  });
  it('matches a secret only with the same key', () => {
    const hash = hashSecret('123456', 'key-a');
    expect(secretMatches('123456', hash, 'key-a')).toBe(true);
    expect(secretMatches('123457', hash, 'key-a')).toBe(false);
    expect(secretMatches('123456', hash, 'key-b')).toBe(false);
  });
  it('gives links 60 minutes and codes 10', () => {
    expect(expiryFor('email', now).toISOString()).toBe('2026-11-21T13:00:00.000Z');
    expect(expiryFor('sms', now).toISOString()).toBe('2026-11-21T12:10:00.000Z');
  });
});

describe('request state', () => {
  const fresh = { expiresAt: new Date(now.getTime() + 60_000), usedAt: null, failedAttempts: 0 };
  it('accepts a fresh request', () => expect(requestProblem(fresh, now)).toBeNull());
  it('refuses unknown, used, expired and exhausted requests', () => {
    expect(requestProblem(null, now)).toMatch(/invalid/);
    expect(requestProblem({ ...fresh, usedAt: now }, now)).toMatch(/already been used/);
    expect(requestProblem({ ...fresh, expiresAt: now }, now)).toMatch(/expired/);
    expect(requestProblem({ ...fresh, failedAttempts: MAX_CODE_ATTEMPTS }, now)).toMatch(/Too many wrong codes/);
  });
  it('counts down the tries left', () => {
    expect(wrongCodeMessage(1)).toBe('That code is not right. 4 tries left.');
    expect(wrongCodeMessage(4)).toBe('That code is not right. 1 try left.');
    expect(wrongCodeMessage(5)).toMatch(/used up/);
  });
});

describe('phones', () => {
  it('finds the same number however it is written', () => {
    expect(new Set(['(312) 555-0101', '312.555.0101', '+1 312 555 0101', '13125550101'].map((p) => phoneDigitsOf(p)))).toEqual(
      new Set(['13125550101']),
    );
  });
  it('masks all but the last four digits', () => expect(maskedPhone('+1 312 555 0101')).toBe('•••• 0101'));
});
