import { describe, expect, it } from 'vitest';
import { enterChoice, isExactMatch, type PickerOption } from './picker-rules';

type C = { id: string; fullName: string; email: string | null; phone: string | null };
const elizabeth: C = { id: 'e', fullName: 'Elizabeth Walker', email: 'liz@example.com', phone: '+13125550101' };
const renee: C = { id: 'r', fullName: 'Renée  Dubois', email: null, phone: null };
const options: PickerOption<C>[] = [
  { kind: 'client', client: elizabeth },
  { kind: 'client', client: renee },
  { kind: 'create', name: 'Priya Walker' },
];

describe('isExactMatch', () => {
  it('matches the full name regardless of case, accents and spacing', () => {
    expect(isExactMatch(renee, 'renee dubois')).toBe(true);
    expect(isExactMatch(elizabeth, ' ELIZABETH walker ')).toBe(true);
  });
  it('matches the e-mail or the phone written any way', () => {
    expect(isExactMatch(elizabeth, 'Liz@Example.com')).toBe(true);
    expect(isExactMatch(elizabeth, '(312) 555-0101')).toBe(true);
    expect(isExactMatch(elizabeth, '312 555 0101')).toBe(true);
  });
  it('does not call a fuzzy or partial hit exact', () => {
    expect(isExactMatch(elizabeth, 'Priya Walker')).toBe(false);
    expect(isExactMatch(elizabeth, 'Walker')).toBe(false);
    expect(isExactMatch(elizabeth, '0101')).toBe(false);
    expect(isExactMatch(elizabeth, '')).toBe(false);
  });
});

describe('enterChoice', () => {
  it('does nothing for a fuzzy first match (Priya Walker + Enter is not Elizabeth Walker)', () => {
    expect(enterChoice(options, 'Priya Walker', -1)).toBeNull();
  });
  it('picks the client the text names exactly', () => {
    expect(enterChoice(options, 'renee dubois', -1)).toEqual({ kind: 'client', client: renee });
  });
  it('picks what the person moved to, the create option included', () => {
    expect(enterChoice(options, 'Priya Walker', 0)).toEqual({ kind: 'client', client: elizabeth });
    expect(enterChoice(options, 'Priya Walker', 2)).toEqual({ kind: 'create', name: 'Priya Walker' });
  });
  it('does nothing when two clients share the exact name', () => {
    const twins: PickerOption<C>[] = [
      { kind: 'client', client: renee },
      { kind: 'client', client: { ...renee, id: 'r2' } },
    ];
    expect(enterChoice(twins, 'Renée Dubois', -1)).toBeNull();
  });
});
