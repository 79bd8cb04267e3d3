import { describe, expect, it } from 'vitest';
import { consentText, methodLabel } from './consent';

describe('consentText', () => {
  it('names when, who and how consent was given (Chicago time, 12-hour)', () => {
    const c = { granted: true, changedAt: '2026-11-03T20:14:00Z', method: 'verbal' as const, changedBy: 'u1' };
    expect(consentText(c, (id) => (id === 'u1' ? 'Dana Smith' : null))).toBe('Given Nov 3, 2026 at 2:14 PM by Dana Smith (verbal)');
    expect(consentText(c)).toBe('Given Nov 3, 2026 at 2:14 PM by a team member (verbal)');
  });
  it('says withdrawn and not given', () => {
    expect(consentText({ granted: false, changedAt: '2026-11-03T20:14:00Z', method: 'sms-keyword', changedBy: null })).toBe(
      'Withdrawn Nov 3, 2026 at 2:14 PM (sms keyword)',
    );
    expect(consentText({ granted: false, changedAt: null, method: null, changedBy: null })).toBe('Not given');
    expect(consentText(null)).toBe('Not given');
  });
  it('labels methods', () => {
    expect(methodLabel('online-booking')).toBe('online booking');
    expect(methodLabel('other-thing')).toBe('other-thing');
    expect(methodLabel(null)).toBe('');
  });
});
