import { createHash } from 'node:crypto';

/**
 * JSON with object keys sorted at every depth and no spaces: the same content always gives the
 * same text, whatever order a browser or PostgreSQL's jsonb put the keys in.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') {
    if (typeof value === 'number' && !Number.isFinite(value)) throw new Error('canonicalJson: not a finite number');
    return JSON.stringify(value ?? null);
  }
  if (Array.isArray(value)) return `[${value.map((v) => canonicalJson(v === undefined ? null : v)).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

/** What a submission's hash covers: everything that says who agreed to what, when and from where. */
export interface SubmissionContent {
  formId: string;
  version: number;
  /** The published definition answered (so the questions are part of what was signed). */
  definition: unknown;
  answers: Record<string, unknown>;
  clientId: string | null;
  signerName: string | null;
  /** SHA-256 of the signature PNG (the image lives in storage). */
  signatureSha256: string | null;
  /** SHA-256 of each uploaded file, by field key. */
  files: Record<string, string>;
  signedAt: string;
  ip: string;
  userAgent: string;
}

export function sha256Hex(data: string | Uint8Array): string {
  return createHash('sha256').update(data).digest('hex');
}

export function submissionHash(content: SubmissionContent): string {
  return sha256Hex(canonicalJson({ ...content, signedAt: new Date(content.signedAt).toISOString() }));
}

/** True when the stored content still hashes to what was recorded when it was signed. */
export function submissionIntact(content: SubmissionContent, recorded: string): boolean {
  return submissionHash(content) === recorded;
}
