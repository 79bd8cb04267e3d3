import { describe, expect, it } from 'vitest';
import type { ConsentDecision } from '../../clients/domain/client-rules.js';
import { smsKeywordDecision } from './sms-keyword-consent.js';

const at = (iso: string) => new Date(iso);
const received = at('2026-03-01T15:00:00.000Z');
const granted: ConsentDecision = {
  granted: true,
  at: at('2026-02-01T10:00:00.000Z'),
  method: 'staff',
  by: '00000000-0000-4000-8000-000000000001',
};
const stopped: ConsentDecision = { granted: false, at: at('2026-02-20T10:00:00.000Z'), method: 'sms-keyword', by: null };

describe('smsKeywordDecision', () => {
  it('STOP withdraws a granted consent, recorded as sms-keyword by nobody at the time of the text', () => {
    expect(smsKeywordDecision(granted, false, received)).toEqual({ granted: false, at: received, method: 'sms-keyword', by: null });
  });

  it('START restores a consent that a STOP withdrew', () => {
    expect(smsKeywordDecision(stopped, true, received)).toEqual({ granted: true, at: received, method: 'sms-keyword', by: null });
  });

  it('changes nothing when the answer is already the same (repeated keyword, redelivery)', () => {
    expect(smsKeywordDecision(stopped, false, received)).toBeNull();
    expect(smsKeywordDecision({ ...granted, method: 'sms-keyword' }, true, received)).toBeNull();
    expect(smsKeywordDecision(granted, true, received)).toBeNull();
  });

  it('START never grants what the client did not agree to, or what staff recorded as refused', () => {
    expect(smsKeywordDecision({ granted: false, at: null, method: null, by: null }, true, received)).toBeNull();
    expect(smsKeywordDecision({ ...stopped, method: 'staff' }, true, received)).toBeNull();
  });

  it('STOP on a client who never consented records nothing new', () => {
    expect(smsKeywordDecision({ granted: false, at: null, method: null, by: null }, false, received)).toBeNull();
  });

  it('a decision recorded after the text was received stands', () => {
    expect(smsKeywordDecision({ ...granted, at: at('2026-03-01T15:00:01.000Z') }, false, received)).toBeNull();
    expect(smsKeywordDecision({ ...stopped, at: at('2026-03-01T15:00:01.000Z') }, true, received)).toBeNull();
  });
});
