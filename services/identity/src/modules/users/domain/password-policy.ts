import { dictionary } from '@zxcvbn-ts/language-common';

export const MIN_PASSWORD_LENGTH = 8;
/** Long passphrases are welcome (NIST asks for at least 64); argon2 hashes any length. */
export const MAX_PASSWORD_LENGTH = 128;

let common: Set<string> | undefined;

/** 49,000 passwords seen most often in breaches (zxcvbn's list), loaded on first use. */
function commonPasswords(): Set<string> {
  common ??= new Set((dictionary['passwords-common'] as string[]).map((p) => p.toLowerCase()));
  return common;
}

/** Why a new password is refused, or null: the one rule for every place a password is set (create, invitation, reset). */
export function passwordProblem(password: string): string | null {
  if (password.length < MIN_PASSWORD_LENGTH) return `must be at least ${MIN_PASSWORD_LENGTH} characters`;
  if (password.length > MAX_PASSWORD_LENGTH) return `must be at most ${MAX_PASSWORD_LENGTH} characters`;
  if (commonPasswords().has(password.toLowerCase())) return 'is one of the most common passwords; choose one that is harder to guess';
  if (/^(.)\1+$/.test(password)) return 'must not be one character repeated';
  return null;
}
