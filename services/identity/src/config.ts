import { baseConfigSchema, eventsConfigSchema, loadConfig, sharedSecret } from '@salon/nest-kit';
import { z } from 'zod';

export const identityConfigSchema = baseConfigSchema.and(eventsConfigSchema).and(
  z.object({
    PORT: z.coerce.number().int().min(1).max(65535).default(4001),
    DATABASE_URL: z.string().default('postgres://postgres@127.0.0.1:5432/salon_identity'),
    /** Where people open the app; invitation links point here. */
    PUBLIC_URL: z.url().default('http://localhost:4000'),
    LOGIN_MAX_ATTEMPTS_PER_IP: z.coerce.number().int().positive().default(30),
    LOGIN_MAX_FAILURES_PER_ACCOUNT: z.coerce.number().int().positive().default(10),
    LOGIN_WINDOW_SECONDS: z.coerce.number().int().positive().default(900),
    INVITATION_TTL_HOURS: z.coerce.number().int().positive().default(72),
    /** Recovery requests per IP per window (then 429) and per account (then silently not sent). */
    RECOVERY_MAX_PER_IP: z.coerce.number().int().positive().default(20),
    RECOVERY_MAX_PER_ACCOUNT: z.coerce.number().int().positive().default(3),
    RECOVERY_WINDOW_SECONDS: z.coerce.number().int().positive().default(900),
    /** Seals reset tokens and codes inside events; messaging holds the same key. */
    EVENT_SECRET_KEY: sharedSecret(16),
  }),
);

export type IdentityConfig = z.infer<typeof identityConfigSchema>;

/** DATABASE_URL has a local default here, so apply it before the base schema insists on it. */
export function loadIdentityConfig(env: Record<string, string | undefined> = process.env): IdentityConfig {
  return loadConfig(identityConfigSchema, { DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/salon_identity', ...env });
}
