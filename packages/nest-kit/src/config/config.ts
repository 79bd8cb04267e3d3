import { z } from 'zod';

/** Thrown at boot when the environment does not fit a service's schema; names every bad variable. */
export class ConfigError extends Error {
  constructor(readonly problems: { variable: string; message: string }[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  ${p.variable}: ${p.message}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

export const DEV_JWT_SECRET = 'dev-only-insecure-jwt-secret-change-me-0123456789';

/** Variables every service reads; a service extends this with its own. */
export const baseConfigSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
    HOST: z.string().default('0.0.0.0'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// URL' }),
    REDIS_URL: z.url({ protocol: /^rediss?$/, error: 'must be a redis:// URL' }).default('redis://127.0.0.1:6379'),
    REDIS_KEY_PREFIX: z.string().default('salon:'),
    JWT_SECRET: z.string().min(32, 'must be at least 32 characters').default(DEV_JWT_SECRET),
    JWT_ISSUER: z.string().default('salon-identity'),
    JWT_AUDIENCE: z.string().default('salon-platform'),
    JWT_TTL_SECONDS: z.coerce.number().int().positive().default(43_200),
    /** How long a SIGTERM shutdown may take before the process exits 1 anyway; under the pod's grace period (30 s). */
    SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().positive().default(25_000),
  })
  .refine((c) => c.NODE_ENV !== 'production' || c.JWT_SECRET !== DEV_JWT_SECRET, {
    path: ['JWT_SECRET'],
    message: 'must be set to a secret of your own in production',
  });

export type BaseConfig = z.infer<typeof baseConfigSchema>;

/** Parses the environment with a service's schema or throws ConfigError naming each variable. */
export function loadConfig<S extends z.ZodType>(schema: S, env: Record<string, string | undefined> = process.env): z.infer<S> {
  const result = schema.safeParse(env);
  if (result.success) return result.data;
  throw new ConfigError(
    result.error.issues.map((issue) => ({
      variable: issue.path.join('.') || '(environment)',
      message: issue.code === 'invalid_type' && issue.input === undefined ? 'is required but not set' : issue.message,
    })),
  );
}
