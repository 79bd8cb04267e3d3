import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/max';

/**
 * The one phone rule of the platform (clients, identity, messaging, the web): a number as people
 * type it → E.164. Pure; libphonenumber-js's full metadata, so only numbers that can exist pass.
 */
export type PhoneResult = { ok: true; e164: string } | { ok: false; message: string };

/** The message every service answers for a phone it cannot read. */
export const PHONE_PROBLEM = 'must be a phone number such as +1 555 010 2000';

/**
 * A phone number as typed ("(555) 010-2000", "5550102000", "+1 555 010 2000") → E.164
 * ("+15550102000"). Numbers without a country code are read in `defaultCountry`.
 * The 555-01xx range is reserved for fiction and is accepted (demo data, tests).
 */
export function normalisePhone(raw: string, defaultCountry: string = 'US'): PhoneResult {
  const text = raw.trim();
  if (!text) return { ok: false, message: 'must not be empty' };
  if (/[a-z]/i.test(text.replace(/\s*(ext\.?|x)\s*\d+$/i, ''))) return { ok: false, message: 'must be a phone number' };
  const digits = text.replace(/\D/g, '');
  if (digits.length < 7 || digits.length > 15) return { ok: false, message: 'must be a valid phone number' };
  const parsed = parsePhoneNumberFromString(text, defaultCountry as CountryCode);
  if (parsed && (parsed.isValid() || isFictionalNanp(parsed.number))) return { ok: true, e164: parsed.number };
  // "1 555 010 2000" without the plus: try it as an international number.
  if (!text.startsWith('+')) {
    const international = parsePhoneNumberFromString(`+${digits}`);
    if (international && (international.isValid() || isFictionalNanp(international.number)))
      return { ok: true, e164: international.number };
  }
  return { ok: false, message: 'must be a valid phone number' };
}

/** E.164 for a number as typed, or null when it is not one (the answer of `normalisePhone` without the reason). */
export function toE164(raw: string, defaultCountry: string = 'US'): string | null {
  const result = normalisePhone(raw, defaultCountry);
  return result.ok ? result.e164 : null;
}

/** NANP numbers +1 NXX 555 01XX and +1 555 … used in fiction, demos and tests: well formed, never dialled. */
function isFictionalNanp(e164: string): boolean {
  return /^\+1[2-9]\d{2}55501\d{2}$/.test(e164) || /^\+1555\d{7}$/.test(e164);
}

/**
 * The digits a search query or a stored phone compare on: everything but digits dropped, and a
 * 10-digit number (NANP written without its country code) given its leading 1, so every way of
 * writing one number compares equal (E.164 without the plus).
 */
export function phoneDigitsOf(text: string, defaultCountry: string = 'US'): string {
  const digits = text.replace(/\D/g, '');
  if (defaultCountry === 'US' || defaultCountry === 'CA') {
    if (digits.length === 10 && !text.trim().startsWith('+')) return `1${digits}`;
  }
  return digits;
}
