import { baseConfigSchema, eventsConfigSchema, identityClientConfigSchema, loadConfig, sharedSecret } from '@salon/nest-kit';
import { z } from 'zod';

const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/salon_scheduling';

export const schedulingConfigSchema = baseConfigSchema
  .and(eventsConfigSchema)
  .and(identityClientConfigSchema)
  .and(
    z.object({
      PORT: z.coerce.number().int().min(1).max(65535).default(4004),
      DATABASE_URL: z.string().default(DEFAULT_DATABASE_URL),
      /** A location without a policy row is read in this IANA zone (spec §9 default). */
      DEFAULT_TIME_ZONE: z.string().default('America/Chicago'),
      /** The widest from..to window an availability query accepts. */
      MAX_AVAILABILITY_DAYS: z.coerce.number().int().min(1).max(366).default(31),
      /** The clients service: online booking finds or creates the visitor's client profile there. */
      CLIENTS_URL: z.url().default('http://127.0.0.1:4003'),
      /** Online bookings one IP may make per hour (a visitor's retries with one Idempotency-Key count once). */
      ONLINE_BOOKINGS_PER_IP_PER_HOUR: z.coerce.number().int().min(1).default(20),
      /** How long a waitlisted client has to accept an offered time before it passes to the next. */
      WAITLIST_OFFER_HOURS: z.coerce.number().positive().max(168).default(2),
      /** How often lapsed offers are expired and passed on. */
      WAITLIST_SWEEP_SECONDS: z.coerce.number().int().min(5).max(3600).default(60),
      /** Seals the offer link's token inside scheduling.waitlist.offered.v1 (the same key as messaging's). */
      EVENT_SECRET_KEY: sharedSecret(16),
    }),
  );

export type SchedulingConfig = z.infer<typeof schedulingConfigSchema>;

/** DATABASE_URL has a local default here, so apply it before the base schema insists on it. */
export function loadSchedulingConfig(env: Record<string, string | undefined> = process.env): SchedulingConfig {
  return loadConfig(schedulingConfigSchema, { DATABASE_URL: DEFAULT_DATABASE_URL, ...env });
}
