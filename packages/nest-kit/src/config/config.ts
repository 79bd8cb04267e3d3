import { isPublishedSecret, MISSING_SECRET_HINT, parseTrustedProxies, PUBLISHED_SECRET_MESSAGE } from '@salon/tokens';
import { z } from 'zod';
import { queryLimitsConfigSchema } from '../graphql/query-limits.js';

/** Thrown at boot when the environment does not fit a service's schema; names every bad variable. */
export class ConfigError extends Error {
  constructor(readonly problems: { variable: string; message: string }[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  ${p.variable}: ${p.message}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * A secret every process of the platform must share (JWT_SECRET, EVENT_SECRET_KEY, …): no default,
 * in any environment, and never a value this repository has published.
 */
export function sharedSecret(minLength: number) {
  return z
    .string()
    .min(minLength, `must be at least ${minLength} characters`)
    .refine((value) => !isPublishedSecret(value), PUBLISHED_SECRET_MESSAGE);
}

/** TRUSTED_PROXIES as Express's `trust proxy` list (see @salon/tokens parseTrustedProxies). */
export function trustedProxiesSchema(fallback: string) {
  return z
    .string()
    .default(fallback)
    .transform((value, ctx) => {
      const parsed = parseTrustedProxies(value);
      if (parsed.ok) return parsed.list;
      ctx.addIssue({ code: 'custom', message: parsed.message });
      return z.NEVER;
    });
}

/** Said after "is required but not set" for variables that have a known source. */
const REQUIRED_HINTS: Record<string, string> = {
  JWT_SECRET: MISSING_SECRET_HINT,
  EVENT_SECRET_KEY: MISSING_SECRET_HINT,
};

/** Variables every service reads; a service extends this with its own. */
export const baseConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  /** The address to listen on: this machine only, unless a container or cluster says otherwise (0.0.0.0). */
  HOST: z.string().min(1).default('127.0.0.1'),
  /**
   * The hops whose X-Forwarded-For names the client (rate limits per address): the gateway, which
   * runs on the same machine locally. The gateway sets that header to the address it vouches for.
   */
  TRUSTED_PROXIES: trustedProxiesSchema('loopback'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// URL' }),
  REDIS_URL: z.url({ protocol: /^rediss?$/, error: 'must be a redis:// URL' }).default('redis://127.0.0.1:6379'),
  REDIS_KEY_PREFIX: z.string().default('salon:'),
  JWT_SECRET: sharedSecret(32),
  JWT_ISSUER: z.string().default('salon-identity'),
  JWT_AUDIENCE: z.string().default('salon-platform'),
  JWT_TTL_SECONDS: z.coerce.number().int().positive().default(43_200),
  // Each subgraph's own depth, alias and cost limits (the gateway's variables, the same defaults).
  ...queryLimitsConfigSchema.shape,
  /** How long a SIGTERM shutdown may take before the process exits 1 anyway; under the pod's grace period (30 s). */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().positive().default(25_000),
});

export type BaseConfig = z.infer<typeof baseConfigSchema>;

/** Parses the environment with a service's schema or throws ConfigError naming each variable. */
export function loadConfig<S extends z.ZodType>(schema: S, env: Record<string, string | undefined> = process.env): z.infer<S> {
  const result = schema.safeParse(env);
  if (result.success) return result.data;
  throw new ConfigError(
    result.error.issues.map((issue) => {
      const variable = issue.path.join('.') || '(environment)';
      if (issue.code !== 'invalid_type' || issue.input !== undefined) return { variable, message: issue.message };
      const hint = REQUIRED_HINTS[variable];
      return { variable, message: `is required but not set${hint ? `: ${hint}` : ''}` };
    }),
  );
}
