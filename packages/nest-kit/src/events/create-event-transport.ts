// Which transport a service gets. Apart from the EventTransport contract (event-transport.ts) so
// that the transports import the contract and nothing imports back: no import cycle.
import { KafkaTransport } from './kafka.transport.js';
import { RedisStreamsTransport } from './redis-streams.transport.js';
import type { EventTransport } from './event-transport.js';

export interface EventTransportConfig {
  EVENT_BUS?: 'redis' | 'kafka';
  KAFKA_BROKERS?: string;
  KAFKA_CREATE_TOPICS?: boolean;
  KAFKA_IDEMPOTENT?: boolean;
  REDIS_URL: string;
  REDIS_KEY_PREFIX: string;
  serviceName: string;
  /** Topic namespace for Kafka (tests use a unique one); Redis uses REDIS_KEY_PREFIX. */
  KAFKA_TOPIC_PREFIX?: string;
}

export function resolveEventBus(config: Pick<EventTransportConfig, 'EVENT_BUS' | 'KAFKA_BROKERS'>): 'redis' | 'kafka' {
  return config.EVENT_BUS ?? (config.KAFKA_BROKERS ? 'kafka' : 'redis');
}

/** Kafka where a broker is configured, Redis Streams otherwise (DESIGN §3). */
export function createEventTransport(config: EventTransportConfig): EventTransport {
  if (resolveEventBus(config) === 'kafka') {
    if (!config.KAFKA_BROKERS) throw new Error('EVENT_BUS=kafka needs KAFKA_BROKERS (comma-separated host:port)');
    return new KafkaTransport({
      brokers: config.KAFKA_BROKERS.split(',')
        .map((b) => b.trim())
        .filter(Boolean),
      clientId: config.serviceName,
      topicPrefix: config.KAFKA_TOPIC_PREFIX ?? '',
      createTopics: config.KAFKA_CREATE_TOPICS ?? true,
      idempotent: config.KAFKA_IDEMPOTENT ?? false,
    });
  }
  return new RedisStreamsTransport({ url: config.REDIS_URL, prefix: config.REDIS_KEY_PREFIX });
}
