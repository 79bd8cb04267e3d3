import { describe, expect, it } from 'vitest';
import { aiSendVerdict } from './ai-consent.js';

describe('aiSendVerdict', () => {
  it('never texts a number that sent STOP, whatever the client record says', () => {
    expect(aiSendVerdict(true, { granted: true }).ok).toBe(false);
    expect(aiSendVerdict(true, null).ok).toBe(false);
  });
  it('never texts a client who withdrew SMS consent', () => {
    expect(aiSendVerdict(false, { granted: false })).toEqual({ ok: false, reason: 'The client has withdrawn consent to texts' });
  });
  it('answers a number with consent or with no decision on file (they texted first)', () => {
    expect(aiSendVerdict(false, { granted: true }).ok).toBe(true);
    expect(aiSendVerdict(false, null).ok).toBe(true);
  });
});
