import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';
import { z } from 'zod';
import type { MessageChannel } from './message-status.js';

/** E.164 (+15551234567) for a phone number a person typed, or null if it is not a possible number. */
export function normalisePhone(input: string, defaultCountry: CountryCode = 'US'): string | null {
  const phone = parsePhoneNumberFromString(input.trim(), defaultCountry);
  return phone && phone.isPossible() ? phone.number : null;
}

const emailSchema = z.email();

/** Trimmed, lower-cased domain; null if it is not an address SES would accept. */
export function normaliseEmail(input: string): string | null {
  const trimmed = input.trim();
  if (trimmed.length > 254 || !emailSchema.safeParse(trimmed).success) return null;
  const at = trimmed.lastIndexOf('@');
  return `${trimmed.slice(0, at)}@${trimmed.slice(at + 1).toLowerCase()}`;
}

export function normaliseRecipient(channel: MessageChannel, to: string): string | null {
  return channel === 'sms' ? normalisePhone(to) : normaliseEmail(to);
}

export function recipientProblem(channel: MessageChannel): string {
  return channel === 'sms' ? 'must be a phone number such as +1 555 010 2000' : 'must be an e-mail address';
}
