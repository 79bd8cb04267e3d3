import { randomBytes } from 'node:crypto';
import kafkajs, { type Consumer } from 'kafkajs';
import { afterEach, describe, expect, it } from 'vitest';
import { kafkaMockBinary, startKafkaMock, type KafkaMock } from '../testing/kafka-mock.js';
import { sampleEvent, waitFor } from './event-fixtures.js';
import { KafkaTransport } from './kafka.transport.js';
import { CONTEXT, runTransportContract } from './transport-contract.suite.js';

// Kafka: a real cluster when KAFKA_BROKERS is set (topics created through the admin API, one
// prefix per test), else librdkafka's mock cluster (infra/kafka-mock, built by `npm test`): one
// per test, with that test's topics made at start, as the mock has no CreateTopics.
const KAFKA_BROKERS = process.env.KAFKA_BROKERS;
const mockBinary = KAFKA_BROKERS ? null : kafkaMockBinary();
let mock: KafkaMock | null = null;
let kafkaBrokers = (KAFKA_BROKERS ?? '').split(',');
runTransportContract(
  KAFKA_BROKERS ? 'kafka' : 'kafka (librdkafka mock cluster)',
  (namespace) =>
    new KafkaTransport({
      brokers: kafkaBrokers,
      clientId: 'contract-test',
      topicPrefix: `test-${namespace}.`,
      createTopics: !mockBinary,
      // The mock completes a rebalance only when the session timeout (less 1 s) has passed.
      sessionTimeoutMs: mockBinary ? 2_500 : undefined,
      fetchMaxWaitMs: 100,
      retryBaseMs: 5,
      retryMaxMs: 50,
    }),
  {
    skip: !KAFKA_BROKERS && !mockBinary,
    timeIndex: !mockBinary,
    timeoutMs: 30_000,
    prepare: async (namespace) => {
      if (!mockBinary) return;
      const topic = `test-${namespace}.events.${CONTEXT}`;
      mock = await startKafkaMock({ binary: mockBinary, brokers: 3, topics: [topic, `${topic}.dlq`] });
      kafkaBrokers = mock.brokers;
    },
    cleanup: async () => {
      await mock?.stop();
      mock = null;
    },
  },
);

// Kafka's own forms of the operations the contract covers generically.
describe.skipIf(!KAFKA_BROKERS && !mockBinary)('kafka transport', { timeout: 30_000 }, () => {
  let transport: KafkaTransport | null = null;
  afterEach(async () => {
    await transport?.close();
    transport = null;
    await mock?.stop();
    mock = null;
  });

  it('replays a group from a position (every partition from an offset)', async () => {
    const namespace = randomBytes(4).toString('hex');
    const topic = `test-${namespace}.events.${CONTEXT}`;
    if (mockBinary) {
      mock = await startKafkaMock({ binary: mockBinary, topics: [topic, `${topic}.dlq`] });
      kafkaBrokers = mock.brokers;
    }
    transport = new KafkaTransport({
      brokers: kafkaBrokers,
      clientId: 'kafka-spec',
      topicPrefix: `test-${namespace}.`,
      createTopics: !mockBinary,
      sessionTimeoutMs: mockBinary ? 2_500 : undefined,
      fetchMaxWaitMs: 100,
    });
    const counts = new Map<string, number>();
    const group = `g-${namespace}`;
    await transport.subscribe({ group, contexts: [CONTEXT], handle: async (e) => void counts.set(e.id, (counts.get(e.id) ?? 0) + 1) });
    // One key, so one partition, whose offsets are then 0, 1 (early) and 2, 3, 4 (late).
    const early = [sampleEvent('only', 0), sampleEvent('only', 1)];
    const late = [sampleEvent('only', 2), sampleEvent('only', 3), sampleEvent('only', 4)];
    await transport.publish(early);
    await transport.publish(late);
    await waitFor(() => counts.size === 5, 'the five events');
    await transport.replayFrom({ group, context: CONTEXT, from: '2' });
    await waitFor(() => late.every((e) => counts.get(e.id) === 2), 'the replayed events');
    for (const e of early) expect(counts.get(e.id)).toBe(1);
  });
  it('takes its partitions up again after a consumer crash kafkajs would not restart', async () => {
    const namespace = randomBytes(4).toString('hex');
    const topic = `test-${namespace}.events.${CONTEXT}`;
    if (mockBinary) {
      mock = await startKafkaMock({ binary: mockBinary, topics: [topic, `${topic}.dlq`] });
      kafkaBrokers = mock.brokers;
    }
    transport = new KafkaTransport({
      brokers: kafkaBrokers,
      clientId: 'kafka-spec',
      topicPrefix: `test-${namespace}.`,
      createTopics: !mockBinary,
      sessionTimeoutMs: mockBinary ? 2_500 : undefined,
      fetchMaxWaitMs: 100,
    });
    // The first consumer's first commit fails as a non-retriable error does in a rejoin gone
    // wrong: kafkajs then stops that consumer for good (CRASH with restart: false).
    const client = (transport as unknown as { kafka: { consumer: (...a: unknown[]) => Consumer } }).kafka;
    const made = client.consumer.bind(client);
    let consumers = 0;
    client.consumer = (...args: unknown[]) => {
      const consumer = made(...args);
      if (consumers++ === 0) {
        const commit = consumer.commitOffsets.bind(consumer);
        let failed = false;
        consumer.commitOffsets = async (offsets) => {
          if (failed) return commit(offsets);
          failed = true;
          throw new kafkajs.KafkaJSNonRetriableError('injected: the group is rebalancing');
        };
      }
      return consumer;
    };
    const handled: string[] = [];
    await transport.subscribe({ group: `g-${namespace}`, contexts: [CONTEXT], handle: async (e) => void handled.push(e.id) });
    const event = sampleEvent('only', 0);
    await transport.publish([event]);
    await waitFor(() => handled.length > 0, 'the event, handled by the consumer started after the crash');
    expect(handled).toEqual([event.id]);
    expect(consumers).toBe(2);
  });
});
