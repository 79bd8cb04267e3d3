import { z } from 'zod';

/** A yes/no variable: `true`/`false` (also 1/0, yes/no, on/off) from the environment, or a parsed boolean. */
const flag = (fallback: boolean) => z.union([z.boolean(), z.stringbool()]).default(fallback);

/** Event variables a service `.and()`s into its config schema (document them in .env.example). */
export const eventsConfigSchema = z.object({
  /** redis | kafka; unset means kafka when KAFKA_BROKERS is set, else redis. */
  EVENT_BUS: z.enum(['redis', 'kafka']).optional(),
  /** Comma-separated host:port list. */
  KAFKA_BROKERS: z.string().optional(),
  /** false where topics are provisioned outside the services (Strimzi KafkaTopic, the mock cluster). */
  KAFKA_CREATE_TOPICS: flag(true),
  /** true on a broker that supports idempotent producers; librdkafka's mock cluster does not. */
  KAFKA_IDEMPOTENT: flag(false),
  EVENT_MAX_ATTEMPTS: z.coerce.number().int().positive().default(5),
  EVENT_RELAY_INTERVAL_MS: z.coerce.number().int().positive().default(200),
});

export type EventsConfig = z.infer<typeof eventsConfigSchema>;
