import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { Kafka, logLevel } from 'kafkajs';
import { afterAll, describe, expect, it } from 'vitest';
import { deleteRedisKeys, sampleEvent, waitFor } from '../events/event-fixtures.js';
import { KafkaTransport } from '../events/kafka.transport.js';
import { RedisStreamsTransport } from '../events/redis-streams.transport.js';
import { kafkaMockBinary, startKafkaMock } from '../testing/kafka-mock.js';

// The event bus carries the trace context on the wire, not only inside the event's JSON: a Redis
// Streams entry has a `traceparent` field and a Kafka record a `traceparent` header.
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const traceparent = `00-${randomBytes(16).toString('hex')}-${randomBytes(8).toString('hex')}-01`;
const prefix = `test:headers:${randomBytes(3).toString('hex')}:`;

afterAll(async () => {
  await deleteRedisKeys(REDIS_URL, prefix);
});

describe('trace context on the event bus', () => {
  it('Redis Streams: a traceparent field beside the event', async () => {
    const transport = new RedisStreamsTransport({ url: REDIS_URL, prefix, partitions: 1 });
    const redis = new Redis(REDIS_URL);
    try {
      await transport.publish([sampleEvent('a-1', 1, { traceparent }), sampleEvent('a-1', 2)]);
      const entries = await redis.xrange(transport.streamKey('identity', 0), '-', '+');
      const fields = entries.map(([, list]) => Object.fromEntries(list.flatMap((v, i, all) => (i % 2 ? [] : [[v, all[i + 1]]]))));
      expect(fields.map((f) => f.traceparent ?? null)).toEqual([traceparent, null]);
      expect(JSON.parse(fields[0].event).traceparent).toBe(traceparent);
    } finally {
      await transport.close();
      await redis.quit();
    }
  });

  const binary = process.env.KAFKA_BROKERS ? null : kafkaMockBinary();
  it.skipIf(!binary)(
    'Kafka: a traceparent record header',
    async () => {
      const topicPrefix = `test-${randomBytes(3).toString('hex')}.`;
      const topic = `${topicPrefix}events.identity`;
      const mock = await startKafkaMock({ binary: binary!, brokers: 1, topics: [topic, `${topic}.dlq`] });
      const transport = new KafkaTransport({ brokers: mock.brokers, clientId: 'headers-test', topicPrefix, createTopics: false });
      const kafka = new Kafka({ brokers: mock.brokers, clientId: 'headers-reader', logLevel: logLevel.NOTHING });
      const consumer = kafka.consumer({ groupId: 'headers-reader', sessionTimeout: 2_500, heartbeatInterval: 800 });
      const seen: (string | null)[] = [];
      try {
        await transport.publish([sampleEvent('a-1', 1, { traceparent })]);
        await consumer.connect();
        await consumer.subscribe({ topic, fromBeginning: true });
        await consumer.run({
          eachMessage: async ({ message }) => {
            seen.push(message.headers?.traceparent?.toString() ?? null);
          },
        });
        await waitFor(() => seen.length > 0, 'the record', 20_000);
        expect(seen).toEqual([traceparent]);
      } finally {
        await consumer.disconnect();
        await transport.close();
        await mock.stop();
      }
    },
    30_000,
  );
});
