import { baseConfigSchema, eventsConfigSchema, loadConfig, sharedSecret } from '@salon/nest-kit';
import { z } from 'zod';

export const identityConfigSchema = baseConfigSchema.and(eventsConfigSchema).and(
  z.object({
    PORT: z.coerce.number().int().min(1).max(65535).default(4001),
    DATABASE_URL: z.string().default('postgres://postgres@127.0.0.1:5432/salon_identity'),
    /** Where people open the app; invitation links point here. */
    PUBLIC_URL: z.url().default('http://localhost:4000'),
    /** Sign-in attempts one address may make per LOGIN_WINDOW_SECONDS, whatever the account. */
    LOGIN_MAX_ATTEMPTS_PER_IP: z.coerce.number().int().positive().default(30),
    LOGIN_WINDOW_SECONDS: z.coerce.number().int().positive().default(900),
    /** Failures one address may have for one account before it waits (modules/sessions/domain/login-delay.rules.ts). */
    LOGIN_FREE_FAILURES: z.coerce.number().int().positive().default(5),
    /** The first wait; each further failure from that address doubles it, up to LOGIN_MAX_DELAY_SECONDS. */
    LOGIN_BASE_DELAY_SECONDS: z.coerce.number().int().positive().default(30),
    LOGIN_MAX_DELAY_SECONDS: z.coerce.number().int().positive().default(900),
    /** How long an address's failures for an account are remembered (a success forgets them). */
    LOGIN_FAILURE_MEMORY_SECONDS: z.coerce.number().int().positive().default(86_400),
    /** Addresses failing for one account within LOGIN_WINDOW_SECONDS that close it to addresses it never signed in from. */
    LOGIN_MAX_FAILING_ADDRESSES_PER_ACCOUNT: z.coerce.number().int().positive().default(10),
    /** How long an address an account signed in from stays known to it. */
    LOGIN_KNOWN_ADDRESS_DAYS: z.coerce.number().int().positive().default(30),
    INVITATION_TTL_HOURS: z.coerce.number().int().positive().default(72),
    /**
     * Recovery requests per IP per window (then 429); messages sent per account and asking address,
     * and per account in all (beyond either: answered the same, silently not sent).
     */
    RECOVERY_MAX_PER_IP: z.coerce.number().int().positive().default(20),
    RECOVERY_MAX_PER_ACCOUNT: z.coerce.number().int().positive().default(3),
    RECOVERY_MAX_PER_ACCOUNT_TOTAL: z.coerce.number().int().positive().default(10),
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
