// Benchmark: events through the whole backbone, outbox → relay → Redis Streams → consumer (with
// its inbox transaction), measured end to end: events/s from the first commit to the last event
// handled, and latency from occurredAt (written in the producer's transaction) to handled.
//
// The lead's `npm run bench` calls `run(...)`. Standalone (after a build):
//   node load-tests/bench/events.bench.mjs [--events 5000] [--batch 50] [--rate 1000]
// Environment: DATABASE_URL (any database on the server; a temporary one is created and dropped),
// REDIS_URL, BENCH_EVENTS.
import { randomBytes } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { pino } from 'pino';
import { DataSource } from 'typeorm';
import { createEventTables, InboxConsumer, OutboxRelay, OutboxWriter, RedisStreamsTransport } from '@salon/nest-kit';

function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))];
}
const round = (value, digits = 1) => (Number.isFinite(value) ? Math.round(value * 10 ** digits) / 10 ** digits : value);

async function adminQuery(serverUrl, sql) {
  const url = new URL(serverUrl);
  url.pathname = '/postgres';
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

export function formatTable(result) {
  const rows = [
    ['path', 'events', 'events/s', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms'],
    [
      'outbox → redis streams → consumer',
      result.events,
      result.eventsPerSecond,
      result.latencyMs.p50,
      result.latencyMs.p95,
      result.latencyMs.p99,
      result.latencyMs.max,
    ],
  ].map((row) => row.map(String));
  const widths = rows[0].map((_, i) => Math.max(...rows.map((row) => row[i].length)));
  const line = (row) => row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  ');
  const s = result.settings;
  return [
    `events: ${s.events} in transactions of ${s.batch} (${s.writers} writers, ${s.rate ? `offered at ${s.rate}/s` : 'as fast as they can'}), relay batch ${s.relayBatch}, ${s.listen ? 'woken on commit (LISTEN/NOTIFY)' : `polling every ${s.relayIntervalMs} ms when idle`}, ${s.partitions} partitions, inbox ${s.batchInbox ? 'one transaction per run' : 'one transaction per event'}`,
    line(rows[0]),
    widths.map((w) => '-'.repeat(w)).join('  '),
    line(rows[1]),
  ].join('\n');
}

/**
 * Creates `bench_events_<rand>` on the server of `databaseUrl`, runs, drops it. Returns the numbers
 * (and prints a table unless `quiet`).
 */
export async function run({
  databaseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
  redisPrefix = `bench:events:${randomBytes(3).toString('hex')}:`,
  events = 5000,
  batch = 50,
  writers = 2,
  relayBatch = 500,
  relayIntervalMs = 200,
  /** Wake the relay on commit (LISTEN/NOTIFY); false = the old 200 ms polling only. */
  listen = true,
  /** One inbox transaction per run of a partition's events (handleBatch); false = one per event. */
  batchInbox = true,
  /** Events per second offered by the writers; unset means as fast as they can (saturation). */
  rate = undefined,
  quiet = false,
} = {}) {
  const name = `bench_events_${randomBytes(4).toString('hex')}`;
  await adminQuery(databaseUrl, `CREATE DATABASE "${name}"`);
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  const dataSource = new DataSource({ type: 'postgres', url: url.toString(), entities: [], extra: { max: 10 } });
  const transport = new RedisStreamsTransport({ url: redisUrl, prefix: redisPrefix });
  const logger = pino({ level: 'warn' });
  let relay;
  let subscription;
  try {
    await dataSource.initialize();
    const runner = dataSource.createQueryRunner();
    await createEventTables(runner);
    await runner.release();

    const writer = new OutboxWriter();
    const inbox = new InboxConsumer(dataSource);
    const latencies = [];
    let handled = 0;
    let done;
    const allHandled = new Promise((resolve) => (done = resolve));
    subscription = await transport.subscribe({
      group: 'bench',
      contexts: ['identity'],
      handle: async (envelope) => {
        await inbox.run('bench:Consumer.handle', envelope, async () => undefined);
        latencies.push(Date.now() - Date.parse(envelope.occurredAt));
        if (++handled === events) done();
      },
      handleBatch: batchInbox
        ? async (envelopes) => {
            await inbox.runBatch(
              envelopes.map((envelope) => ({ consumer: 'bench:Consumer.handle', envelope, effect: async () => undefined })),
            );
            const now = Date.now();
            for (const envelope of envelopes) latencies.push(now - Date.parse(envelope.occurredAt));
            handled += envelopes.length;
            if (handled >= events) done();
          }
        : undefined,
    });
    relay = new OutboxRelay(dataSource, transport, logger, { intervalMs: relayIntervalMs, batchSize: relayBatch, listen });
    relay.start();

    const started = performance.now();
    let next = 0;
    const write = async () => {
      while (next < events) {
        const from = next;
        next = Math.min(events, next + batch);
        if (rate) {
          const due = started + (from / rate) * 1000 - performance.now();
          if (due > 0) await new Promise((resolve) => setTimeout(resolve, due));
        }
        const items = [];
        for (let i = from; i < next; i++) {
          const userId = `user-${i % 200}`;
          items.push({
            type: 'identity.user.updated.v1',
            aggregateType: 'user',
            aggregateId: userId,
            payload: { userId, changed: [String(i)] },
          });
        }
        await dataSource.transaction((manager) => writer.appendAll(manager, items));
      }
    };
    await Promise.all(Array.from({ length: writers }, write));
    const written = performance.now();
    let timer;
    await Promise.race([
      allHandled,
      new Promise(
        (_, reject) => (timer = setTimeout(() => reject(new Error(`only ${handled} of ${events} events handled after 120 s`)), 120_000)),
      ),
    ]);
    clearTimeout(timer);
    const seconds = (performance.now() - started) / 1000;
    latencies.sort((a, b) => a - b);
    const result = {
      events,
      seconds: round(seconds, 2),
      eventsPerSecond: round(events / seconds, 0),
      writeSeconds: round((written - started) / 1000, 2),
      latencyMs: {
        p50: percentile(latencies, 50),
        p95: percentile(latencies, 95),
        p99: percentile(latencies, 99),
        max: latencies[latencies.length - 1],
      },
      settings: {
        events,
        batch,
        writers,
        relayBatch,
        relayIntervalMs,
        listen,
        batchInbox,
        partitions: transport.partitions,
        rate: rate ?? null,
      },
    };
    if (!quiet) console.log(formatTable(result));
    return result;
  } finally {
    await subscription?.stop();
    await relay?.stop();
    await transport.close();
    if (dataSource.isInitialized) await dataSource.destroy();
    await adminQuery(databaseUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    // The bench's streams are not worth keeping.
    const { Redis } = await import('ioredis');
    const redis = new Redis(redisUrl);
    let cursor = '0';
    do {
      const [nextCursor, keys] = await redis.scan(cursor, 'MATCH', `${redisPrefix}*`, 'COUNT', 500);
      cursor = nextCursor;
      if (keys.length) await redis.del(...keys);
    } while (cursor !== '0');
    redis.disconnect();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { values } = parseArgs({
    options: { events: { type: 'string' }, batch: { type: 'string' }, rate: { type: 'string' }, before: { type: 'boolean' } },
  });
  const result = await run({
    ...(values.before ? { listen: false, batchInbox: false, relayBatch: 200 } : {}),
    events: Number(values.events ?? process.env.BENCH_EVENTS ?? 5000),
    batch: Number(values.batch ?? 50),
    rate: values.rate ? Number(values.rate) : undefined,
  });
  process.exitCode = result ? 0 : 1;
}
