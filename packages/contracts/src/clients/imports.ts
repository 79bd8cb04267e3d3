/** The clients service's CSV imports (docs/clients-api.md): an import's state, its preview, and the start input. */
import { z } from 'zod';

/**
 * The client fields an import can fill. `name` is a full-name column, split into first and last
 * name when no first-name column is mapped.
 */
export const IMPORT_FIELDS = [
  'firstName',
  'lastName',
  'name',
  'phone',
  'email',
  'birthday',
  'addressLine1',
  'addressLine2',
  'city',
  'region',
  'postalCode',
  'country',
  'tags',
  'source',
  'smsConsent',
  'emailConsent',
  'notes',
] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];

/** Target field → source column (null or absent: not imported). */
export type ImportMapping = Partial<Record<ImportField, string | null>>;

export const IMPORT_FORMATS = ['generic', 'vagaro', 'fresha', 'mindbody'] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

export const IMPORT_STATUSES = ['uploaded', 'validated', 'running', 'completed', 'failed', 'cancelled'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

export const ON_DUPLICATE = ['skip', 'update'] as const;
export type OnDuplicate = (typeof ON_DUPLICATE)[number];

export const clientImportSchema = z.object({
  id: z.string(),
  status: z.enum(IMPORT_STATUSES),
  fileName: z.string(),
  format: z.enum(IMPORT_FORMATS),
  /** The file's columns, as its header names them. */
  columns: z.array(z.string()),
  /** Import field → its column; null or absent when not imported (the service names every field). */
  mapping: z.partialRecord(z.enum(IMPORT_FIELDS), z.string().nullable()),
  onDuplicate: z.enum(ON_DUPLICATE),
  totalRows: z.number().int(),
  /** Rows whose batch has committed. */
  processedRows: z.number().int(),
  createdCount: z.number().int(),
  updatedCount: z.number().int(),
  skippedDuplicateCount: z.number().int(),
  rejectedCount: z.number().int(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  error: z.string().nullable(),
});
export type ClientImport = z.infer<typeof clientImportSchema>;

/** A row of the file read as a client. */
export const importedClientSchema = z.object({
  firstName: z.string(),
  lastName: z.string().nullable(),
  /** E.164. */
  phone: z.string().nullable(),
  /** Lower case. */
  email: z.string().nullable(),
  /** YYYY-MM-DD. */
  birthday: z.string().nullable(),
  address: z
    .object({
      line1: z.string().optional(),
      line2: z.string().optional(),
      city: z.string().optional(),
      region: z.string().optional(),
      postalCode: z.string().optional(),
      country: z.string().optional(),
    })
    .nullable(),
  tags: z.array(z.string()),
  source: z.string().nullable(),
  /** null: the file does not say (an update keeps the client's consent). */
  smsConsent: z.boolean().nullable(),
  emailConsent: z.boolean().nullable(),
  notes: z.string().nullable(),
});
export type ImportedClient = z.infer<typeof importedClientSchema>;

export const previewRowSchema = z.object({
  row: z.number().int(),
  /** new: will be created; duplicate: matches an existing client (skipped or updated); rejected: see problems. */
  status: z.enum(['new', 'duplicate', 'rejected']),
  client: importedClientSchema.nullable(),
  problems: z.array(z.string()),
  duplicateOfClientId: z.string().nullable(),
  raw: z.record(z.string(), z.string()),
});
export type PreviewRow = z.infer<typeof previewRowSchema>;

/** GET /api/client-imports/{id}/preview. */
export const importPreviewSchema = z.object({
  columns: z.array(z.string()),
  mapping: z.partialRecord(z.enum(IMPORT_FIELDS), z.string().nullable()),
  rows: z.array(previewRowSchema),
  totalRows: z.number().int(),
  rejectedCount: z.number().int(),
  duplicateCount: z.number().int(),
  /** The first rejected rows anywhere in the file, so problems past the previewed rows show too. */
  rejectedSample: z.array(z.object({ row: z.number().int(), reason: z.string() })),
});
export type ImportPreview = z.infer<typeof importPreviewSchema>;

/** POST /api/client-imports/{id}/start; the mapping is checked against the file's columns by the service. */
export const startImportInputSchema = z.object({
  mapping: z.unknown().optional(),
  onDuplicate: z.enum(ON_DUPLICATE).default('skip'),
});
export type StartImportInput = z.input<typeof startImportInputSchema>;
