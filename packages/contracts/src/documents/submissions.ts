import { z } from 'zod';
import { intSchema } from '../rules/numbers.js';
import { lineSchema, TEXT_LIMITS, textSchema } from '../rules/text.js';
import { FORM_LIMITS } from './forms.js';

/**
 * A filled form (`/api/forms/{id}/submissions`, public): the answers to one published version,
 * the signer's typed name and signature image, and what the service records itself (time, IP,
 * user agent, the SHA-256 of the canonical content, the PDF).
 */

/** Base64 of at most `bytes` bytes (4 characters per 3 bytes). */
const base64Of = (bytes: number) =>
  z
    .string()
    .max(Math.ceil(bytes / 3) * 4 + 4, `must be at most ${Math.round(bytes / 1024)} KB`)
    .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'must be base64');

/** The largest file one upload field takes inside a submission. */
export const FORM_UPLOAD_MAX_BYTES = 1_000_000;
export const SIGNATURE_MAX_BYTES = 300_000;

/**
 * The JSON body a submit may be (the documents service's body limit): every file field full, in
 * base64 (4 characters per 3 bytes), the signature, and 1 MB for the text answers and names.
 */
export const FORM_SUBMISSION_MAX_BYTES =
  FORM_LIMITS.fileFields * Math.ceil((FORM_UPLOAD_MAX_BYTES * 4) / 3) + Math.ceil((SIGNATURE_MAX_BYTES * 4) / 3) + 1_000_000;

export const fileAnswerSchema = z.strictObject({
  fileName: lineSchema(TEXT_LIMITS.label, { min: 1 }),
  /** What the browser claims; the service sniffs the bytes and trusts those. */
  contentType: lineSchema(TEXT_LIMITS.label),
  data: base64Of(FORM_UPLOAD_MAX_BYTES),
});

export const yesNoAnswerSchema = z.strictObject({
  answer: z.enum(['yes', 'no']),
  followUp: textSchema(TEXT_LIMITS.line).optional(),
});

/** One answer: the shape depends on the field's type, checked against the version's definition by the service. */
export const answerValueSchema = z.union([
  textSchema(TEXT_LIMITS.text),
  z.number().min(-1e9).max(1e9),
  z.boolean(),
  z.array(lineSchema(TEXT_LIMITS.label)).max(30),
  yesNoAnswerSchema,
  fileAnswerSchema,
  z.null(),
]);
export type AnswerValue = z.infer<typeof answerValueSchema>;

export const signatureInputSchema = z.strictObject({
  /** The name the signer typed. */
  name: lineSchema(TEXT_LIMITS.name, { min: 1, emptyMessage: 'is required' }),
  /** The drawn signature as a PNG, base64 (no data: prefix). */
  imagePng: base64Of(SIGNATURE_MAX_BYTES).min(100, 'must be a drawn signature'),
});

export const submissionInputSchema = z.strictObject({
  /** The published version the page showed. */
  version: intSchema({ min: 1 }),
  answers: z.record(z.string().max(40), answerValueSchema).refine((a) => Object.keys(a).length <= 150, 'at most 150 answers'),
  signature: signatureInputSchema.nullable().default(null),
  /** The `r` of a link sent to a client: ties the submission to that client. */
  request: z
    .string()
    .regex(/^[A-Za-z0-9_-]{16,64}$/, 'is not a form link')
    .nullable()
    .default(null),
});
export type SubmissionInput = z.input<typeof submissionInputSchema>;

/** A file kept with a submission: downloaded through a short-lived link. */
export const submissionFileViewSchema = z.object({
  fieldKey: z.string(),
  fileName: z.string(),
  contentType: z.string(),
  size: z.number().int(),
});

export const submissionViewSchema = z.object({
  id: z.string(),
  formId: z.string(),
  formName: z.string(),
  version: z.number().int(),
  clientId: z.string().nullable(),
  answers: z.record(z.string(), z.unknown()),
  signerName: z.string().nullable(),
  signedAt: z.string(),
  ip: z.string(),
  userAgent: z.string(),
  contentSha256: z.string(),
  /** True when the stored content still hashes to contentSha256. */
  intact: z.boolean(),
  files: z.array(submissionFileViewSchema),
});
export type SubmissionView = z.infer<typeof submissionViewSchema>;

export const submissionSummarySchema = z.object({
  id: z.string(),
  formId: z.string(),
  formName: z.string(),
  version: z.number().int(),
  clientId: z.string().nullable(),
  signerName: z.string().nullable(),
  signedAt: z.string(),
});
export type SubmissionSummary = z.infer<typeof submissionSummarySchema>;

/** What the public page is told after submitting. */
export const submissionReceiptSchema = z.object({ id: z.string(), signedAt: z.string(), contentSha256: z.string() });
export type SubmissionReceipt = z.infer<typeof submissionReceiptSchema>;

/** One logged read of a submission: who (user id and role), when, and how (rest, graphql, pdf, file). */
export const submissionReadViewSchema = z.object({
  readerId: z.string().nullable(),
  readerRole: z.string(),
  readAt: z.string(),
  via: z.string(),
});
export type SubmissionReadView = z.infer<typeof submissionReadViewSchema>;

/** A form asked of a client: due until filled, expired after its date. */
export const clientFormStatuses = ['due', 'filled', 'expired'] as const;
export const clientFormViewSchema = z.object({
  formId: z.string(),
  formName: z.string(),
  status: z.enum(clientFormStatuses),
  /** The link the client fills it at (due ones). */
  link: z.string().nullable(),
  appointmentId: z.string().nullable(),
  dueAt: z.string().nullable(),
  submissionId: z.string().nullable(),
  signedAt: z.string().nullable(),
  /** A filled form's integrity check: its stored content still hashes to what was signed (null when not filled). */
  intact: z.boolean().nullable(),
  /** Who read the filled form and when, newest first (staff only; null for the client and for forms not filled). */
  reads: z.array(submissionReadViewSchema).nullable(),
  /** The files a filled form carries (photos, scans), each opened through a short-lived, logged link. */
  files: z.array(submissionFileViewSchema).nullable(),
});
export type ClientFormView = z.infer<typeof clientFormViewSchema>;

export const formRequestInputSchema = z.strictObject({
  clientId: z.uuid('must be a client id'),
  appointmentId: z.uuid('must be an appointment id').nullable().default(null),
  /** Days the link stays valid (default 30). */
  validDays: intSchema({ min: 1, max: 365 }).default(30),
});
export type FormRequestInput = z.input<typeof formRequestInputSchema>;

/**
 * A form the booking asked of its client, for the `/booking` confirmation
 * (`GET /api/forms/public/booked/{formsKey}`): the key is the unguessable `formsKey` of the booking's
 * answer, and each form carries the client's own link.
 */
export const bookedFormViewSchema = z.object({ formId: z.string(), formName: z.string(), link: z.string() });
export type BookedFormView = z.infer<typeof bookedFormViewSchema>;

/**
 * Staff pressed "Send forms" on a client's profile: the client's open forms go to them in one
 * message (SMS with consent, else e-mail; messaging decides and holds a text for quiet hours).
 */
export const formLinkSendViewSchema = z.object({
  sendId: z.string(),
  formNames: z.array(z.string()),
  /** When the link sent stops working. */
  expiresAt: z.string(),
});
export type FormLinkSendView = z.infer<typeof formLinkSendViewSchema>;
