import { z } from 'zod';

/** Event variables a service `.and()`s into its config schema (document them in .env.example). */
export const eventsConfigSchema = z.object({
  /** redis | kafka; unset means kafka when KAFKA_BROKERS is set, else redis. */
  EVENT_BUS: z.enum(['redis', 'kafka']).optional(),
  /** Comma-separated host:port list. */
  KAFKA_BROKERS: z.string().optional(),
  EVENT_MAX_ATTEMPTS: z.coerce.number().int().positive().default(5),
  EVENT_RELAY_INTERVAL_MS: z.coerce.number().int().positive().default(200),
});

export type EventsConfig = z.infer<typeof eventsConfigSchema>;
