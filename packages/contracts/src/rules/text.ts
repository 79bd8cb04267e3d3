import { z } from 'zod';

/**
 * The one text rule of every input: a limited length and no control characters. PostgreSQL
 * refuses a NUL in text (error 22021) and would answer a 500; other control characters are never
 * typed by a person and only serve to hide or break what staff read (logs, CSV, the calendar).
 * Lone UTF-16 surrogates cannot be stored as UTF-8 and are refused the same way.
 */

/** Length limits (characters) used across the contracts, so the same kind of field has the same limit everywhere. */
export const TEXT_LIMITS = {
  /** A person's first or last name, a thing's name. */
  name: 100,
  /** A label, a category, a type, a heading. */
  label: 200,
  /** A staff member's bio on the booking page: a few sentences, not a CV. */
  bio: 600,
  /** An address line, a short reason. */
  line: 300,
  /** A URL. */
  url: 2_048,
  /** A description, an appointment's notes, a booking page's text. */
  text: 5_000,
  /** A client note. */
  note: 20_000,
  /** A query-string search box. */
  search: 200,
} as const;

export const CONTROL_CHARACTERS_PROBLEM = 'must not contain control characters';
export const BROKEN_TEXT_PROBLEM = 'must be valid Unicode text';

/** C0 and C1 control characters and DEL (Unicode category Cc: U+0000–U+001F, U+007F–U+009F). */
const CONTROL = /\p{Cc}/u;
/** The same, except tab, line feed and carriage return, which multi-line text keeps. */
const CONTROL_IN_TEXT = /(?![\t\n\r])\p{Cc}/u;
/** A surrogate that is not half of a pair (with the u flag, pairs are one code point and do not match). */
const LONE_SURROGATE = /\p{Cs}/u;

/** What is wrong with a piece of text, or null: control characters (line breaks allowed in multi-line text), broken UTF-16. */
export function textProblem(text: string, options: { multiLine?: boolean } = {}): string | null {
  if ((options.multiLine ? CONTROL_IN_TEXT : CONTROL).test(text)) return CONTROL_CHARACTERS_PROBLEM;
  if (LONE_SURROGATE.test(text)) return BROKEN_TEXT_PROBLEM;
  return null;
}

export interface TextOptions {
  /** Fewer characters than this (after trimming) is an issue: 1 for a required name. Default 0. */
  min?: number;
  /** Keep tab, line feed and carriage return (notes, descriptions). Default false. */
  multiLine?: boolean;
  /** Trim surrounding white space first. Default true. */
  trim?: boolean;
  /** What a blank value is told when `min` is 1 (default "must not be empty"; forms say "is required"). */
  emptyMessage?: string;
}

function checked(schema: z.ZodString, max: number, options: TextOptions): z.ZodString {
  let s = options.trim === false ? schema : schema.trim();
  if (options.min)
    s = s.min(
      options.min,
      options.min === 1 ? (options.emptyMessage ?? 'must not be empty') : `must be at least ${options.min} characters`,
    );
  return s.max(max, `must be at most ${max} characters`).superRefine((value, ctx) => {
    const problem = textProblem(value, options);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });
}

/** One line of text (a name, a label, a type): trimmed, at most `max` characters, no control characters. */
export function lineSchema(max: number, options: Omit<TextOptions, 'multiLine'> = {}): z.ZodString {
  return checked(z.string(), max, { ...options, multiLine: false });
}

/** Text that may span lines (a note, a description): trimmed, at most `max` characters, no control characters but tab and line breaks. */
export function textSchema(max: number, options: Omit<TextOptions, 'multiLine'> = {}): z.ZodString {
  return checked(z.string(), max, { ...options, multiLine: true });
}

/** Empty or blank text means "no value" in an optional text field (forms send ''). */
export const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);

/** An optional line: blank → null, otherwise as `lineSchema`. */
export function optionalLineSchema(max: number) {
  return z.preprocess(blankToNull, lineSchema(max).nullish());
}

/** An optional multi-line text: blank → null, otherwise as `textSchema`. */
export function optionalTextSchema(max: number) {
  return z.preprocess(blankToNull, textSchema(max).nullish());
}
