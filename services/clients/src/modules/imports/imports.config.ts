import { z } from 'zod';

const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);

/**
 * Variables of the import pipeline (API and worker). The service's config.ts may fold this schema
 * in (`.and(importsConfigSchema)`); until then they are read from the environment here.
 */
export const importsConfigSchema = z.object({
  /** Rows per transaction in the worker (clients, rejections, outbox events and progress commit together). */
  IMPORT_BATCH_SIZE: z.coerce.number().int().min(1).max(10_000).default(1000),
  /** Largest CSV accepted, in megabytes. */
  IMPORT_MAX_FILE_MB: z.coerce.number().int().min(1).max(50).default(50),
  /** How long a worker owns an import job; a killed worker's import resumes after about this long. */
  IMPORT_LOCK_MS: positiveInt(30_000),
  IMPORT_MAX_ATTEMPTS: positiveInt(5),
  IMPORT_BACKOFF_MS: positiveInt(2000),
  /** How often the worker looks for running imports without a job (a crash between commit and enqueue). */
  IMPORT_SWEEP_SECONDS: positiveInt(60),
});

export type ImportsConfig = z.infer<typeof importsConfigSchema>;

export const IMPORTS_CONFIG = Symbol('IMPORTS_CONFIG');

export function resolveImportsConfig(appConfig: Record<string, unknown> | undefined): ImportsConfig {
  const source: Record<string, unknown> = { ...process.env, ...(appConfig ?? {}) };
  return importsConfigSchema.parse(
    Object.fromEntries(Object.keys(importsConfigSchema.shape).map((k) => [k, source[k] === '' ? undefined : source[k]])),
  );
}
