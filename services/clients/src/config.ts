import { baseConfigSchema, eventsConfigSchema, identityClientConfigSchema, loadConfig } from '@salon/nest-kit';
import { z } from 'zod';
import { importsConfigSchema } from './modules/imports/imports.config.js';

const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/salon_clients';

export const clientsConfigSchema = baseConfigSchema
  .and(eventsConfigSchema)
  .and(identityClientConfigSchema)
  .and(importsConfigSchema)
  .and(
    z.object({
      PORT: z.coerce.number().int().min(1).max(65535).default(4003),
      DATABASE_URL: z.string().default(DEFAULT_DATABASE_URL),
      /** Default region for phone numbers typed without a country code (ISO 3166 alpha-2). */
      DEFAULT_PHONE_COUNTRY: z
        .string()
        .regex(/^[A-Z]{2}$/, 'must be a two-letter country code such as US')
        .default('US'),
      /** Search answers count at most this many matches exactly; beyond it `total` is this cap. */
      SEARCH_COUNT_CAP: z.coerce.number().int().min(100).default(1000),
      /** Clients read per batch while streaming an export. */
      EXPORT_BATCH_SIZE: z.coerce.number().int().min(10).max(10_000).default(500),
    }),
  );

export type ClientsConfig = z.infer<typeof clientsConfigSchema>;

/** DATABASE_URL has a local default here, so apply it before the base schema insists on it. */
export function loadClientsConfig(env: Record<string, string | undefined> = process.env): ClientsConfig {
  return loadConfig(clientsConfigSchema, { DATABASE_URL: DEFAULT_DATABASE_URL, ...env });
}
