import { phoneDigitsOf } from '@salon/contracts';

export const CLIENT_SORTS = ['name', '-name', 'createdAt', '-createdAt', 'lastVisit', '-lastVisit', 'relevance'] as const;
export type ClientSort = (typeof CLIENT_SORTS)[number];

/** What a search box's text asks for, decided once so the SQL only has to match. */
export type ParsedSearch =
  /** Digits (with phone punctuation): phone numbers, exactly or by any run of ≥ 3 digits. */
  | { kind: 'phone'; digits: string; normalised: string }
  /** Has an @: e-mail prefix. */
  | { kind: 'email'; emailPrefix: string }
  /**
   * Words: names, plus e-mail prefix for one-word text. `mode` says how: `short` (1–2 letters:
   * first- or last-name prefixes in name order), `prefix` (one word of 3–5 letters: word prefixes, ranked), or
   * `fuzzy` (longer or several words: trigram similarity, so typos still match).
   */
  | { kind: 'name'; name: string; emailPrefix: string | null; mode: 'short' | 'prefix' | 'fuzzy' };

export const MAX_SEARCH_LENGTH = 100;

export function parseSearch(raw: string | null | undefined, defaultCountry = 'US'): ParsedSearch | null {
  const text = (raw ?? '').normalize('NFKC').trim().slice(0, MAX_SEARCH_LENGTH);
  if (!text) return null;
  const hasLetters = /\p{L}/u.test(text);
  const digits = text.replace(/\D/g, '');
  if (!hasLetters && /^[\d\s()+\-./]+$/.test(text)) {
    if (digits.length === 0) return null;
    return { kind: 'phone', digits, normalised: phoneDigitsOf(text, defaultCountry) };
  }
  const lower = text.toLowerCase();
  if (lower.includes('@')) return { kind: 'email', emailPrefix: lower.replace(/\s+/g, '') };
  const name = lower
    .replace(/[^\p{L}\p{N}'\- .]/gu, ' ')
    .replace(/[.]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const oneWord = !/\s/.test(lower);
  if (!name) return oneWord ? { kind: 'email', emailPrefix: lower } : null;
  const letters = name.replace(/\s/g, '').length;
  const mode = letters < 3 ? 'short' : !name.includes(' ') && letters <= 5 ? 'prefix' : 'fuzzy';
  return { kind: 'name', name, emailPrefix: oneWord ? lower : null, mode };
}

/** `%` and `_` typed by a person are literal characters in a LIKE pattern. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
