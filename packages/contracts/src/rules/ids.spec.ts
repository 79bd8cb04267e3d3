import { describe, expect, it } from 'vitest';
import { actorUuid, isDigitsId, isSlugId, isUuid } from './ids.js';

describe('ids', () => {
  it('knows a uuid whatever its case, and nothing else', () => {
    expect(isUuid('0b1e6a52-1c1f-4c55-9d2a-7c1b2f3e4d5a')).toBe(true);
    expect(isUuid('0B1E6A52-1C1F-4C55-9D2A-7C1B2F3E4D5A')).toBe(true);
    expect(isUuid('0b1e6a52-1c1f-4c55-9d2a-7c1b2f3e4d5')).toBe(false);
    expect(isUuid("1' OR '1'='1")).toBe(false);
    expect(isUuid(42)).toBe(false);
  });

  it('records a token subject that is not a uuid as unknown', () => {
    expect(actorUuid('0b1e6a52-1c1f-4c55-9d2a-7c1b2f3e4d5a')).toBe('0b1e6a52-1c1f-4c55-9d2a-7c1b2f3e4d5a');
    expect(actorUuid('service')).toBeNull();
    expect(actorUuid(null)).toBeNull();
  });

  it('checks the public form (digits) and document (letters, digits, _ and -) ids of spec §5', () => {
    expect(isDigitsId('123')).toBe(true);
    expect(isDigitsId('12a')).toBe(false);
    expect(isDigitsId('')).toBe(false);
    expect(isSlugId('doc_1-A')).toBe(true);
    expect(isSlugId('doc/1')).toBe(false);
  });
});
