import { baseConfigSchema, eventsConfigSchema, identityClientConfigSchema, loadConfig } from '@salon/nest-kit';
import { z } from 'zod';

const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/salon_retail';

export const retailConfigSchema = baseConfigSchema
  .and(eventsConfigSchema)
  .and(identityClientConfigSchema)
  .and(
    z.object({
      PORT: z.coerce.number().int().min(1).max(65535).default(4005),
      DATABASE_URL: z.string().default(DEFAULT_DATABASE_URL),
      /** The scheduling service: a ticket opened from appointments reads them (and their booked prices) there. */
      SCHEDULING_URL: z.url().default('http://127.0.0.1:4004'),
      /** A location identity does not name a zone for is read in this IANA zone (spec §9 default). */
      DEFAULT_TIME_ZONE: z.string().default('America/Chicago'),
    }),
  );

export type RetailConfig = z.infer<typeof retailConfigSchema>;

/** DATABASE_URL has a local default here, so apply it before the base schema insists on it. */
export function loadRetailConfig(env: Record<string, string | undefined> = process.env): RetailConfig {
  return loadConfig(retailConfigSchema, { DATABASE_URL: DEFAULT_DATABASE_URL, ...env });
}
