import { baseConfigSchema, eventsConfigSchema, identityClientConfigSchema, loadConfig, sharedSecret } from '@salon/nest-kit';
import { z } from 'zod';

const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/salon_documents';

export const documentsConfigSchema = baseConfigSchema
  .and(eventsConfigSchema)
  .and(identityClientConfigSchema)
  .and(
    z.object({
      PORT: z.coerce.number().int().min(1).max(65535).default(4007),
      DATABASE_URL: z.string().default(DEFAULT_DATABASE_URL),
      /** Forms attach to services of scheduling's catalogue (checked there). */
      SCHEDULING_URL: z.url().default('http://127.0.0.1:4004'),
      /** A submission or document names a client the clients service knows. */
      CLIENTS_URL: z.url().default('http://127.0.0.1:4003'),
      /** The address people use: links sent to clients (`/forms/{id}?r=`) start with it. */
      PUBLIC_URL: z.url().default('http://localhost:4000'),
      /** Seals a form link's token in documents.form-link.requested.v1; messaging opens it (the same key everywhere). */
      EVENT_SECRET_KEY: sharedSecret(16),
      /** Object storage: the official AWS SDK, against S3 in production and the local s3rver peer here. */
      S3_ENDPOINT: z.url().optional(),
      S3_REGION: z.string().min(1).default('us-east-1'),
      S3_BUCKET: z
        .string()
        .regex(/^[a-z0-9][a-z0-9.-]{2,62}$/, 'must be an S3 bucket name')
        .default('salon-documents'),
      S3_ACCESS_KEY_ID: z.string().min(1).default('S3RVER'),
      S3_SECRET_ACCESS_KEY: z.string().min(1).default('S3RVER'),
      /** Path-style addressing (http://host/bucket/key): what s3rver and most S3-compatible servers need. */
      S3_FORCE_PATH_STYLE: z
        .enum(['true', 'false'])
        .default('true')
        .transform((v) => v === 'true'),
      /** Create the bucket at boot if missing (the local peer starts empty); false where it is provisioned outside. */
      S3_CREATE_BUCKET: z
        .enum(['true', 'false'])
        .default('true')
        .transform((v) => v === 'true'),
      /** Times on PDFs are written in this IANA zone (spec §9 default). */
      DEFAULT_TIME_ZONE: z.string().default('America/Chicago'),
      /** Submissions of public forms one network address may send per hour (a flood is refused with 429). */
      FORM_SUBMISSIONS_PER_IP_PER_HOUR: z.coerce.number().int().min(1).default(60),
      /** How long a download link works. */
      DOWNLOAD_URL_SECONDS: z.coerce.number().int().min(10).max(3600).default(300),
    }),
  );

export type DocumentsConfig = z.infer<typeof documentsConfigSchema>;

/** DATABASE_URL has a local default here, so apply it before the base schema insists on it. */
export function loadDocumentsConfig(env: Record<string, string | undefined> = process.env): DocumentsConfig {
  return loadConfig(documentsConfigSchema, { DATABASE_URL: DEFAULT_DATABASE_URL, ...env });
}
