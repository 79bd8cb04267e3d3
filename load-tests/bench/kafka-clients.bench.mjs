// Benchmark: Kafka clients on librdkafka's mock cluster (infra/kafka-mock), used the way the event
// transport uses a client (packages/nest-kit/src/events/kafka.transport.ts): messages keyed by
// aggregate, sent in batches with acks from every replica, one request in flight, no idempotence;
// one consumer group member that handles each message and commits its offset before the next.
// Two figures per client: throughput (messages/s from the first send to the last commit, sending
// as fast as it can) and latency (send → handled, p50/p95/p99, at a paced rate).
//
// Not a test: the numbers are printed (and returned to `npm run bench`) for docs/events.md.
//   node load-tests/bench/kafka-clients.bench.mjs [--messages 5000] [--rate 200] [--extra DIR]
// kafkajs is the project's dependency. `--extra DIR` adds clients installed outside the project
// under DIR (DIR/node_modules/…): @confluentinc/kafka-javascript (KafkaJS-compatible API on
// librdkafka) and @platformatic/kafka; see docs/events.md for how they were installed here.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import kafkajs from 'kafkajs';
import { startKafkaMock } from '@salon/nest-kit/testing';
import { ensureKafkaMock } from '../../infra/lib/kafka-mock.mjs';

const PARTITIONS = 4;
const KEYS = 64;

function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}
const round = (value, digits = 1) => (Number.isFinite(value) ? Math.round(value * 10 ** digits) / 10 ** digits : value);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The event transport's settings, in kafkajs' words. */
function kafkajsClient(brokers) {
  const kafka = new kafkajs.Kafka({ clientId: 'bench', brokers, logLevel: kafkajs.logLevel.NOTHING });
  return {
    name: 'kafkajs 2.2.4',
    producer: () =>
      kafka.producer({ idempotent: false, maxInFlightRequests: 1, createPartitioner: kafkajs.Partitioners.DefaultPartitioner }),
    send: (producer, topic, messages) => producer.send({ topic, acks: -1, messages }),
    consumer: (groupId) => kafka.consumer({ groupId, sessionTimeout: 2_500, heartbeatInterval: 250, maxWaitTimeInMs: 100 }),
    subscribe: (consumer, topic) => consumer.subscribe({ topics: [topic], fromBeginning: true }),
    run: (consumer, eachMessage) => consumer.run({ autoCommit: false, partitionsConsumedConcurrently: PARTITIONS, eachMessage }),
  };
}

/** The same settings through Confluent's KafkaJS-compatible API (librdkafka underneath). */
function confluentClient(module, brokers) {
  const { Kafka, logLevel } = module.KafkaJS;
  const kafka = new Kafka({ kafkaJS: { clientId: 'bench', brokers, logLevel: logLevel.NOTHING } });
  return {
    name: `@confluentinc/kafka-javascript ${module.version ?? ''}`.trim(),
    producer: () => kafka.producer({ kafkaJS: { idempotent: false, maxInFlightRequests: 1, acks: -1 }, 'linger.ms': 0 }),
    send: (producer, topic, messages) => producer.send({ topic, messages }),
    consumer: (groupId) =>
      kafka.consumer({
        kafkaJS: { groupId, fromBeginning: true, autoCommit: false, sessionTimeout: 2_500, heartbeatInterval: 250 },
        'fetch.wait.max.ms': 100,
      }),
    subscribe: (consumer, topic) => consumer.subscribe({ topics: [topic] }),
    run: (consumer, eachMessage) => consumer.run({ partitionsConsumedConcurrently: PARTITIONS, eachMessage }),
  };
}

/**
 * Sends `messages` (batches of `batch`, paced at `rate`/s when given) and consumes them with one
 * group member that commits each offset after "handling" it; returns throughput and latencies.
 */
async function measure(client, brokers, { topic, messages, batch, rate }) {
  const producer = client.producer();
  const consumer = client.consumer(`bench-${topic}`);
  await producer.connect();
  await consumer.connect();
  await client.subscribe(consumer, topic);
  const latencies = [];
  let lastHandled = 0;
  let done;
  const finished = new Promise((resolve) => (done = resolve));
  await client.run(consumer, async ({ topic: t, partition, message }) => {
    const sentAt = Number(message.headers?.['sent-at']?.toString());
    if (Number.isNaN(sentAt)) return; // the warm-up message
    latencies.push(performance.now() - sentAt);
    await consumer.commitOffsets([{ topic: t, partition, offset: (BigInt(message.offset) + 1n).toString() }]);
    lastHandled = performance.now();
    if (latencies.length === messages) done();
  });
  // The group's first join takes the mock 3 s: wait for it with one message, so it is not measured.
  await client.send(producer, topic, [{ key: 'warm-up', value: 'x' }]);
  await sleep(4_000);
  const firstSend = performance.now();
  for (let sent = 0; sent < messages; sent += batch) {
    const size = Math.min(batch, messages - sent);
    const now = performance.now();
    await client.send(
      producer,
      topic,
      Array.from({ length: size }, (_, i) => ({
        key: `aggregate-${(sent + i) % KEYS}`,
        value: JSON.stringify({ n: sent + i, padding: 'x'.repeat(400) }),
        headers: { 'sent-at': String(now) },
      })),
    );
    if (rate) {
      const due = firstSend + ((sent + size) / rate) * 1000;
      const wait = due - performance.now();
      if (wait > 0) await sleep(wait);
    }
  }
  const timeout = setTimeout(() => done(), 120_000);
  await finished;
  clearTimeout(timeout);
  await consumer.disconnect();
  await producer.disconnect();
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    handled: latencies.length,
    messagesPerSecond: round((latencies.length / (lastHandled - firstSend)) * 1000, 0),
    latencyMs: {
      p50: round(percentile(sorted, 50)),
      p95: round(percentile(sorted, 95)),
      p99: round(percentile(sorted, 99)),
      max: round(sorted.at(-1)),
    },
  };
}

async function loadExtra(extraDir, name) {
  if (!extraDir) return { error: 'not installed (pass --extra DIR)' };
  try {
    const require = createRequire(join(extraDir, 'package.json'));
    const path = require.resolve(name);
    const module = await import(pathToFileURL(path).href);
    // Read from disk: a package's exports map may not export its package.json.
    const manifest = join(path.slice(0, path.lastIndexOf(`/node_modules/${name}/`)), 'node_modules', name, 'package.json');
    const version = JSON.parse(readFileSync(manifest, 'utf8')).version;
    return { module: module.default ?? module, version };
  } catch (error) {
    return { error: `not loadable from ${extraDir}: ${error.message.split('\n')[0]}` };
  }
}

/** Whether @platformatic/kafka can talk to the mock at all (it cannot: see docs/events.md). */
async function probePlatformatic(module, brokers) {
  const admin = new module.Admin({ clientId: 'bench', bootstrapBrokers: brokers, retries: 0 });
  try {
    await admin.metadata({ topics: [] });
    return null;
  } catch (error) {
    const reasons = (error.errors ?? []).map((e) => e.message);
    return `${error.message}${reasons.length ? ` (${[...new Set(reasons)].join('; ')})` : ''}`;
  } finally {
    await admin.close().catch(() => undefined);
  }
}

export async function run({ messages = 5000, batch = 50, rate = 200, paced = 1000, extraDir = undefined, quiet = false } = {}) {
  const binary = ensureKafkaMock();
  const topics = ['kafkajs', 'confluent'].flatMap((c) => [`${c}-throughput`, `${c}-latency`]);
  const mock = await startKafkaMock({ binary, brokers: 3, partitions: PARTITIONS, topics });
  const results = [];
  try {
    const clients = [{ client: kafkajsClient(mock.brokers), tag: 'kafkajs' }];
    const confluent = await loadExtra(extraDir, '@confluentinc/kafka-javascript');
    if (confluent.module) {
      confluent.module.version ??= confluent.version;
      clients.push({ client: confluentClient(confluent.module, mock.brokers), tag: 'confluent' });
    } else results.push({ client: '@confluentinc/kafka-javascript', error: confluent.error });
    const platformatic = await loadExtra(extraDir, '@platformatic/kafka');
    results.push({
      client: `@platformatic/kafka ${platformatic.version ?? ''}`.trim(),
      error: platformatic.module
        ? ((await probePlatformatic(platformatic.module, mock.brokers)) ?? 'connected (not measured)')
        : platformatic.error,
    });
    for (const { client, tag } of clients) {
      const throughput = await measure(client, mock.brokers, { topic: `${tag}-throughput`, messages, batch, rate: undefined });
      const latency = await measure(client, mock.brokers, { topic: `${tag}-latency`, messages: paced, batch: 1, rate });
      results.unshift({ client: client.name, throughput, latency });
    }
  } finally {
    await mock.stop();
  }
  const result = { settings: { messages, batch, rate, paced, partitions: PARTITIONS, brokers: 3, keys: KEYS }, results };
  if (!quiet) console.log(formatTable(result));
  return result;
}

export function formatTable({ settings: s, results }) {
  const rows = [
    ['client', 'msgs/s (saturated)', 'p50 ms', 'p95 ms', 'p99 ms', `p50 ms @${s.rate}/s`, `p95 ms @${s.rate}/s`, `p99 ms @${s.rate}/s`],
  ];
  for (const r of results) {
    if (r.error) rows.push([r.client, `— ${r.error}`]);
    else
      rows.push([
        r.client,
        r.throughput.messagesPerSecond,
        r.throughput.latencyMs.p50,
        r.throughput.latencyMs.p95,
        r.throughput.latencyMs.p99,
        r.latency.latencyMs.p50,
        r.latency.latencyMs.p95,
        r.latency.latencyMs.p99,
      ]);
  }
  const lines = rows.map((row) => row.map(String).join(' | '));
  return [
    `kafka clients on librdkafka's mock cluster (${s.brokers} brokers, ${s.partitions} partitions, ${s.keys} keys): ${s.messages} messages in batches of ${s.batch} as fast as they go, then ${s.paced} one by one at ${s.rate}/s; 400-byte values, acks all, one request in flight, a commit per message`,
    ...lines,
  ].join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { values } = parseArgs({
    options: {
      messages: { type: 'string', default: '5000' },
      batch: { type: 'string', default: '50' },
      rate: { type: 'string', default: '200' },
      paced: { type: 'string', default: '1000' },
      extra: { type: 'string' },
    },
  });
  await run({
    messages: Number(values.messages),
    batch: Number(values.batch),
    rate: Number(values.rate),
    paced: Number(values.paced),
    extraDir: values.extra,
  });
  process.exit(0);
}
