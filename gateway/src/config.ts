import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { queryLimitsConfigSchema, queryLimitsOf, type QueryLimits } from '@salon/nest-kit/graphql-limits';
import { sharedSecret, trustedProxiesSchema } from '@salon/nest-kit/config';
import { MISSING_SECRET_HINT } from '@salon/tokens';
import { z } from 'zod';

/** Thrown at boot when the environment does not fit; names every bad variable. */
export class ConfigError extends Error {
  constructor(readonly problems: { variable: string; message: string }[]) {
    super(`Invalid gateway configuration:\n${problems.map((p) => `  ${p.variable}: ${p.message}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** gateway/dist/config.js (or gateway/src/config.ts under vitest) → <repo>/web/dist */
export const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../web/dist', import.meta.url));

const serviceUrl = (name: string) => z.url({ protocol: /^https?$/, error: `must be an http:// or https:// URL of the ${name} service` });

const positiveInt = (what: string) =>
  z.coerce
    .number({ error: `must be ${what}` })
    .int(`must be ${what}`)
    .positive(`must be ${what}`);

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  PORT: z.coerce.number({ error: 'must be a port number' }).int().min(0).max(65_535, 'must be a port number').default(4000),
  /** This machine only by default; a container or cluster sets 0.0.0.0. */
  HOST: z.string().default('127.0.0.1'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Proxies in front of the gateway (the ingress) whose X-Forwarded-For/-Proto are believed; none by default. */
  TRUSTED_PROXIES: trustedProxiesSchema(''),
  REDIS_URL: z.url({ protocol: /^rediss?$/, error: 'must be a redis:// URL' }).default('redis://127.0.0.1:6379'),
  REDIS_KEY_PREFIX: z.string().default('salon:'),
  JWT_SECRET: sharedSecret(32),
  JWT_ISSUER: z.string().min(1).default('salon-identity'),
  JWT_AUDIENCE: z.string().min(1).default('salon-platform'),
  JWT_TTL_SECONDS: positiveInt('a positive number of seconds').default(43_200),
  WEB_DIST: z.string().min(1).default(DEFAULT_WEB_DIST),
  IDENTITY_URL: serviceUrl('identity').default('http://127.0.0.1:4001'),
  SCHEDULING_URL: serviceUrl('scheduling').optional(),
  CLIENTS_URL: serviceUrl('clients').optional(),
  RETAIL_URL: serviceUrl('retail').optional(),
  MESSAGING_URL: serviceUrl('messaging').optional(),
  PAYROLL_URL: serviceUrl('payroll').optional(),
  DOCUMENTS_URL: serviceUrl('documents').optional(),
  SUPERGRAPH_PATH: z
    .string()
    .min(1)
    .refine((path) => existsSync(path), { error: 'file does not exist (compose one with `npm run compose-supergraph -w gateway`)' })
    .optional(),
  SUPERGRAPH_POLL_INTERVAL_MS: positiveInt('a positive number of milliseconds').default(10_000),
  // Depth, alias and cost limits: the same variables, defaults and measure as every subgraph's (nest-kit).
  ...queryLimitsConfigSchema.shape,
  GRAPHQL_BODY_LIMIT: z
    .string()
    .regex(/^\d+(b|kb|mb)$/i, 'must be a size such as 100kb or 1mb')
    .default('1mb'),
  UPSTREAM_TIMEOUT_MS: positiveInt('a positive number of milliseconds').default(30_000),
  /** The local Stripe peer (npm start): its hosted card page is framed by the card modal, so its origin joins frame-src. */
  STRIPE_API_URL: z.url('must be a URL').optional(),
  /** The file store documents' presigned links point at (the local S3 peer in npm start): previews show and frame its files. */
  S3_ENDPOINT: z.url('must be a URL').optional(),
  SHUTDOWN_TIMEOUT_MS: positiveInt('a positive number of milliseconds').default(10_000),
});

export type Env = z.input<typeof envSchema>;

export interface GatewayConfig {
  nodeEnv: 'development' | 'test' | 'production';
  port: number;
  host: string;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** Express "trust proxy" list (addresses, CIDR ranges, loopback …); empty trusts nobody. */
  trustedProxies: string[];
  redis: { url: string; keyPrefix: string };
  jwt: { secret: string; issuer: string; audience: string; ttlSeconds: number };
  webDist: string;
  /** Base URL per service; undefined = not deployed (yet). */
  serviceUrls: {
    identity: string;
    scheduling?: string;
    clients?: string;
    retail?: string;
    messaging?: string;
    payroll?: string;
    documents?: string;
  };
  supergraph: { path?: string; pollIntervalMs: number };
  graphql: QueryLimits & { bodyLimit: string; introspection: boolean };
  upstreamTimeoutMs: number;
  shutdownTimeoutMs: number;
  /** Origins besides Stripe's whose pages the card modal frames (the local Stripe peer's hosted page). */
  paymentFrameOrigins: string[];
  /** The file store's origin (S3_ENDPOINT): the Documents screen previews its short-lived links in place. */
  storageOrigins: string[];
}

const stripTrailingSlash = (url: string | undefined) => url?.replace(/\/+$/, '');

/** Parses the environment or throws ConfigError naming each bad variable. Empty strings count as unset. */
export function loadConfig(env: Record<string, string | undefined> = process.env): GatewayConfig {
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const result = envSchema.safeParse(present);
  if (!result.success) {
    throw new ConfigError(
      result.error.issues.map((issue) => {
        const variable = issue.path.join('.') || '(environment)';
        if (issue.code !== 'invalid_type' || issue.input !== undefined) return { variable, message: issue.message };
        return { variable, message: `is required but not set${variable === 'JWT_SECRET' ? `: ${MISSING_SECRET_HINT}` : ''}` };
      }),
    );
  }
  const e = result.data;
  return {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    logLevel: e.LOG_LEVEL,
    trustedProxies: e.TRUSTED_PROXIES,
    redis: { url: e.REDIS_URL, keyPrefix: e.REDIS_KEY_PREFIX },
    jwt: { secret: e.JWT_SECRET, issuer: e.JWT_ISSUER, audience: e.JWT_AUDIENCE, ttlSeconds: e.JWT_TTL_SECONDS },
    webDist: e.WEB_DIST,
    serviceUrls: {
      identity: stripTrailingSlash(e.IDENTITY_URL)!,
      scheduling: stripTrailingSlash(e.SCHEDULING_URL),
      clients: stripTrailingSlash(e.CLIENTS_URL),
      retail: stripTrailingSlash(e.RETAIL_URL),
      messaging: stripTrailingSlash(e.MESSAGING_URL),
      payroll: stripTrailingSlash(e.PAYROLL_URL),
      documents: stripTrailingSlash(e.DOCUMENTS_URL),
    },
    supergraph: { path: e.SUPERGRAPH_PATH, pollIntervalMs: e.SUPERGRAPH_POLL_INTERVAL_MS },
    graphql: {
      ...queryLimitsOf(e),
      bodyLimit: e.GRAPHQL_BODY_LIMIT,
      introspection: e.NODE_ENV !== 'production',
    },
    upstreamTimeoutMs: e.UPSTREAM_TIMEOUT_MS,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    paymentFrameOrigins: e.STRIPE_API_URL ? [new URL(e.STRIPE_API_URL).origin] : [],
    storageOrigins: e.S3_ENDPOINT ? [new URL(e.S3_ENDPOINT).origin] : [],
  };
}
