import { describe, expect, it } from 'vitest';
import { escapeLike, parseSearch } from './search-query.js';

describe('parseSearch', () => {
  it('reads every way of writing a phone number as the same digits', () => {
    for (const q of ['(555) 010-2000', '5550102000', '+1 555 010 2000', '1-555-010-2000']) {
      expect(parseSearch(q)).toMatchObject({ kind: 'phone', normalised: '15550102000' });
    }
    expect(parseSearch('2000')).toEqual({ kind: 'phone', digits: '2000', normalised: '2000' });
  });

  it('reads text with an @ as an e-mail prefix', () => {
    expect(parseSearch('Jen.Smith@Ex')).toEqual({ kind: 'email', emailPrefix: 'jen.smith@ex' });
  });

  it('reads words as a name, one word also as an e-mail prefix', () => {
    expect(parseSearch('  Jenifer   SMTH ')).toEqual({ kind: 'name', name: 'jenifer smth', emailPrefix: null, mode: 'fuzzy' });
    expect(parseSearch('jen')).toEqual({ kind: 'name', name: 'jen', emailPrefix: 'jen', mode: 'prefix' });
    expect(parseSearch('jenni')).toMatchObject({ mode: 'prefix' });
    expect(parseSearch('jennif')).toMatchObject({ mode: 'fuzzy' });
    expect(parseSearch("o'b")).toMatchObject({ kind: 'name', name: "o'b", mode: 'prefix' });
    expect(parseSearch('J')).toMatchObject({ kind: 'name', name: 'j', mode: 'short' });
  });

  it('ignores empty text', () => {
    expect(parseSearch('')).toBeNull();
    expect(parseSearch('   ')).toBeNull();
    expect(parseSearch(undefined)).toBeNull();
  });
});

describe('escapeLike', () => {
  it('escapes wildcards', () => {
    expect(escapeLike('50%_a\\')).toBe('50\\%\\_a\\\\');
  });
});
