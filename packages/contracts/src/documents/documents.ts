import { z } from 'zod';
import { intSchema } from '../rules/numbers.js';
import { lineSchema, optionalTextSchema, TEXT_LIMITS } from '../rules/text.js';

/**
 * Files kept for a client or for the business (`/api/documents`): policies, waivers, aftercare
 * sheets, before-and-after photos. A document may be shared by an unguessable public id (at least
 * 128 bits, letters, digits, underscore, hyphen) served without a session at `/documents/{id}`,
 * until it expires or is revoked.
 */

/** What may be uploaded, decided from the bytes, never from the name or the claimed type. */
export const DOCUMENT_CONTENT_TYPES = ['application/pdf', 'image/png', 'image/jpeg', 'image/webp', 'text/plain'] as const;
export type DocumentContentType = (typeof DOCUMENT_CONTENT_TYPES)[number];
export const DOCUMENT_MAX_BYTES = 10_000_000;

export const DOCUMENT_KINDS = ['policy', 'waiver', 'aftercare', 'photo', 'form_pdf', 'other'] as const;

/** Sent as query parameters of the upload (the body is the file itself). */
export const documentUploadInputSchema = z.strictObject({
  title: lineSchema(TEXT_LIMITS.label, { min: 1, emptyMessage: 'is required' }),
  fileName: lineSchema(TEXT_LIMITS.label, { min: 1, emptyMessage: 'is required' }),
  kind: z.enum(DOCUMENT_KINDS).default('other'),
  clientId: z.preprocess((v) => (v === '' ? null : v), z.uuid('must be a client id').nullable().default(null)),
  description: optionalTextSchema(TEXT_LIMITS.line),
});
export type DocumentUploadInput = z.input<typeof documentUploadInputSchema>;

export const documentShareInputSchema = z.strictObject({
  /** Days until the public link stops working; null keeps it until revoked. */
  expiresInDays: intSchema({ min: 1, max: 3650 }).nullable().default(null),
});
export type DocumentShareInput = z.input<typeof documentShareInputSchema>;

export const documentViewSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  kind: z.enum(DOCUMENT_KINDS),
  fileName: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  sha256: z.string(),
  clientId: z.string().nullable(),
  /** The public id while shared (`/documents/{publicId}`), else null. */
  publicId: z.string().nullable(),
  publicExpiresAt: z.string().nullable(),
  createdAt: z.string(),
  /** A submission's PDF: the submission it was made from. */
  submissionId: z.string().nullable(),
});
export type DocumentView = z.infer<typeof documentViewSchema>;

/** What `/documents/{id}` shows without a session. */
export const publicDocumentViewSchema = z.object({
  title: z.string(),
  description: z.string().nullable(),
  fileName: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  businessName: z.string(),
  /** A short-lived link to the file itself. */
  downloadUrl: z.string(),
  expiresAt: z.string().nullable(),
});
export type PublicDocumentView = z.infer<typeof publicDocumentViewSchema>;

/** A short-lived link to a stored file. */
export const downloadLinkViewSchema = z.object({ url: z.string(), expiresAt: z.string() });
export type DownloadLinkView = z.infer<typeof downloadLinkViewSchema>;
