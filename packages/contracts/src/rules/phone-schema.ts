import { z } from 'zod';
import { normalisePhone, PHONE_PROBLEM } from './phone.js';

/** The phone rule (./phone.ts) as zod fields for inputs and views; apart, so the web's bundles take the rule without zod. */
/** A phone field of an input: read as typed, answered in E.164, or an issue saying `message`. */
export function phoneSchema(message: string = PHONE_PROBLEM, defaultCountry: string = 'US') {
  return z
    .string(message)
    .max(40, { message: 'must be at most 40 characters', abort: true })
    .transform((raw, ctx) => {
      const result = normalisePhone(raw, defaultCountry);
      if (result.ok) return result.e164;
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    });
}

/**
 * A string written like a phone number (digits, spaces, + ( ) . -; 7–20 characters), not checked
 * further: for lookups (password recovery) whose answer must not depend on whether a number exists.
 */
export function phoneLikeSchema(message: string = PHONE_PROBLEM) {
  return z
    .string('must be a string')
    .trim()
    .regex(/^\+?[0-9 ().-]{7,20}$/, message);
}

/** A phone in a view: E.164. */
export const e164Schema = z.string().regex(/^\+[1-9]\d{6,14}$/, 'must be an E.164 phone number such as +15550102000');
