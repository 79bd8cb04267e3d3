import { toE164 } from '@salon/contracts';
import { z } from 'zod';
import type { MessageChannel } from './message-status.js';

const emailSchema = z.email();

/** Trimmed, lower-cased domain; null if it is not an address SES would accept. */
export function normaliseEmail(input: string): string | null {
  const trimmed = input.trim();
  if (trimmed.length > 254 || !emailSchema.safeParse(trimmed).success) return null;
  const at = trimmed.lastIndexOf('@');
  return `${trimmed.slice(0, at)}@${trimmed.slice(at + 1).toLowerCase()}`;
}

export function normaliseRecipient(channel: MessageChannel, to: string): string | null {
  return channel === 'sms' ? toE164(to) : normaliseEmail(to);
}

export function recipientProblem(channel: MessageChannel): string {
  return channel === 'sms' ? 'must be a phone number such as +1 555 010 2000' : 'must be an e-mail address';
}
