import { describe, expect, it } from 'vitest';
import { unsubscribeDecision } from './unsubscribe-consent.js';

const at = new Date('2026-05-02T10:00:00Z');

describe('unsubscribe link and consent', () => {
  it('withdraws a granted consent, by nobody, with the unsubscribe method', () => {
    expect(unsubscribeDecision({ granted: true, at: new Date('2026-01-01T00:00:00Z'), method: 'verbal', by: 'u1' }, at)).toEqual({
      granted: false,
      at,
      method: 'unsubscribe-link',
      by: null,
    });
  });

  it('changes nothing for a client not consenting, or after a later decision', () => {
    expect(unsubscribeDecision({ granted: false, at: null, method: null, by: null }, at)).toBeNull();
    expect(unsubscribeDecision({ granted: true, at: new Date('2026-05-03T00:00:00Z'), method: 'verbal', by: 'u1' }, at)).toBeNull();
  });
});
