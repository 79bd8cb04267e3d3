import { describe, expect, it } from 'vitest';
import { CONTROL_CHARACTERS_PROBLEM, lineSchema, optionalLineSchema, textProblem, textSchema } from './text.js';

const messages = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues.map((i) => i.message) ?? [];

describe('textProblem', () => {
  it('refuses NUL and every other control character in a line', () => {
    for (const c of ['\u0000', '\u0001', '\u0007', '\t', '\n', '\r', '\u001b', '\u007f', '\u0085', '\u009f'])
      expect(textProblem(`Ana${c}Silva`), JSON.stringify(c)).toBe(CONTROL_CHARACTERS_PROBLEM);
  });

  it('keeps tab and line breaks in multi-line text, nothing else', () => {
    expect(textProblem('line 1\r\nline 2\tend', { multiLine: true })).toBeNull();
    expect(textProblem('line 1\u0000', { multiLine: true })).toBe(CONTROL_CHARACTERS_PROBLEM);
    expect(textProblem('bell\u0007', { multiLine: true })).toBe(CONTROL_CHARACTERS_PROBLEM);
  });

  it('accepts every script, accents and emoji, and refuses a lone surrogate', () => {
    expect(textProblem('Zoë Ångström 李小龍 محمد 👩🏽‍🦰')).toBeNull();
    expect(textProblem('half \ud83d of an emoji')).toBe('must be valid Unicode text');
  });
});

describe('lineSchema and textSchema', () => {
  it('trim, limit the length and name the limit', () => {
    expect(lineSchema(5).parse('  Ana  ')).toBe('Ana');
    expect(messages(lineSchema(60).safeParse('x'.repeat(200_000)))).toEqual(['must be at most 60 characters']);
    expect(messages(lineSchema(10, { min: 1 }).safeParse('   '))).toEqual(['must not be empty']);
    expect(messages(lineSchema(10, { min: 1, emptyMessage: 'is required' }).safeParse(''))).toEqual(['is required']);
    expect(messages(lineSchema(10).safeParse('a\u0000b'))).toEqual([CONTROL_CHARACTERS_PROBLEM]);
    expect(textSchema(20).parse('a\nb')).toBe('a\nb');
    expect(messages(textSchema(20).safeParse('a\u0000b'))).toEqual([CONTROL_CHARACTERS_PROBLEM]);
  });

  it('an optional line reads blank as null', () => {
    expect(optionalLineSchema(10).parse('  ')).toBeNull();
    expect(optionalLineSchema(10).parse(undefined)).toBeUndefined();
    expect(optionalLineSchema(10).parse(' x ')).toBe('x');
    expect(messages(optionalLineSchema(10).safeParse('x\u0000'))).toEqual([CONTROL_CHARACTERS_PROBLEM]);
  });
});
