import { randomBytes } from 'node:crypto';

/** 18 random bytes: 144 bits, 24 characters of base64url (letters, digits, underscore, hyphen). */
export function newPublicId(): string {
  return randomBytes(18).toString('base64url');
}

/** A form link's token (`?r=`): 24 random bytes, 32 characters. */
export function newRequestToken(): string {
  return randomBytes(24).toString('base64url');
}

export type PublicLinkState = 'live' | 'unshared' | 'revoked' | 'expired';

export function publicLinkState(
  d: { publicId: string | null; publicRevokedAt: Date | null; publicExpiresAt: Date | null },
  now: Date,
): PublicLinkState {
  if (!d.publicId) return 'unshared';
  if (d.publicRevokedAt) return 'revoked';
  if (d.publicExpiresAt && new Date(d.publicExpiresAt).getTime() <= now.getTime()) return 'expired';
  return 'live';
}

/** Signed forms are evidence: their PDF is kept this many years after signing. */
export const SIGNED_FORM_RETENTION_YEARS = 7;

export function retainUntil(signedAt: Date): Date {
  const d = new Date(signedAt);
  d.setUTCFullYear(d.getUTCFullYear() + SIGNED_FORM_RETENTION_YEARS);
  return d;
}

/** The problem with deleting a document now, or null: one under retention stays until its date. */
export function deleteProblem(d: { retainUntil: Date | null }, now: Date): string | null {
  if (d.retainUntil && new Date(d.retainUntil).getTime() > now.getTime())
    return `is a signed form kept until ${new Date(d.retainUntil).toISOString().slice(0, 10)} (retention rule)`;
  return null;
}
