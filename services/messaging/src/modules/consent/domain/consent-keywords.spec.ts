import { describe, expect, it } from 'vitest';
import { consentChangeOf, consentKeywordOf } from './consent-keywords.js';

describe('SMS consent keywords', () => {
  it('opts out on STOP and its synonyms in any case', () => {
    for (const body of ['STOP', 'stop', ' Stop! ', 'STOPALL', 'unsubscribe', 'Cancel', 'END', 'quit.']) {
      expect(consentChangeOf(body), body).toBe('opt-out');
    }
  });

  it('opts back in on START, YES and UNSTOP', () => {
    for (const body of ['START', 'start', 'Yes', 'UNSTOP']) expect(consentChangeOf(body), body).toBe('opt-in');
  });

  it('ignores ordinary messages that merely contain a keyword', () => {
    for (const body of ['stop by at 5', 'Yes please book me', '', undefined, 'STOP IT NOW']) expect(consentChangeOf(body)).toBeNull();
  });

  it('names the keyword as it is listed, for the opt-out/opt-in events', () => {
    expect(consentKeywordOf(' Stop! ')).toBe('STOP');
    expect(consentKeywordOf('unstop')).toBe('UNSTOP');
    expect(consentKeywordOf('stop by at 5')).toBeNull();
  });
});
