import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

export type RecoveryChannel = 'email' | 'sms';

export const RESET_LINK_TTL_MINUTES = 60;
export const RESET_CODE_TTL_MINUTES = 10;
export const MAX_CODE_ATTEMPTS = 5;

/** The one answer to a recovery request, whether or not the account exists (DESIGN §7). */
export const EMAIL_REQUEST_ANSWER =
  'If an account uses that e-mail address, we have sent it a link to reset the password. The link works for 60 minutes.';
export const SMS_REQUEST_ANSWER =
  'If an account with a verified phone number matches, we have texted it a 6-digit code. The code works for 10 minutes.';

export function newLinkToken(): string {
  return randomBytes(32).toString('base64url');
}

export function newCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/**
 * Keyed hash of a token or code. A 6-digit code has only a million values, so a plain hash would
 * fall to an offline guess; the server-side key keeps a stolen table useless.
 */
export function hashSecret(secret: string, key: string): string {
  return createHmac('sha256', key).update(secret).digest('hex');
}

export function secretMatches(secret: string, expectedHash: string, key: string): boolean {
  const actual = Buffer.from(hashSecret(secret, key), 'hex');
  const expected = Buffer.from(expectedHash, 'hex');
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

export function expiryFor(channel: RecoveryChannel, now: Date): Date {
  const minutes = channel === 'email' ? RESET_LINK_TTL_MINUTES : RESET_CODE_TTL_MINUTES;
  return new Date(now.getTime() + minutes * 60_000);
}

export interface RequestState {
  expiresAt: Date;
  usedAt: Date | null;
  failedAttempts: number;
}

/** Why a request can no longer be used, or null while it can. */
export function requestProblem(request: RequestState | null, now: Date): string | null {
  if (!request || request.usedAt) return 'This reset link or code is invalid or has already been used. Ask for a new one.';
  if (request.expiresAt.getTime() <= now.getTime()) return 'This reset link or code has expired. Ask for a new one.';
  if (request.failedAttempts >= MAX_CODE_ATTEMPTS) return 'Too many wrong codes. Ask for a new code.';
  return null;
}

export function wrongCodeMessage(failedAttemptsAfter: number): string {
  const left = MAX_CODE_ATTEMPTS - failedAttemptsAfter;
  return left > 0
    ? `That code is not right. ${left} ${left === 1 ? 'try' : 'tries'} left.`
    : 'That code is not right, and it has now been used up. Ask for a new code.';
}

/** Shows where a code went without giving the number away: '•••• 0101'. */
export function maskedPhone(phone: string): string {
  return `•••• ${phone.replace(/\D/g, '').slice(-4)}`;
}
