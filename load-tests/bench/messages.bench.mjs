// Benchmark: messages per second through the real delivery pipeline (message row → BullMQ job →
// worker process → provider → row marked sent), and the latency of each message from queued_at
// to sent_at. The provider is the log provider (nothing leaves the machine), so the figure is the
// pipeline's own cost: PostgreSQL, Redis, BullMQ and the worker. The SES rate limit
// (EMAIL_PER_SECOND) is lifted for the run, since the point is what the pipeline can carry.
//
// Creates and drops its own database and Redis prefix; needs the messaging service built
// (`npm run build -w @salon/messaging`). The lead's `npm run bench` calls `run(...)`:
//   const messages = await import('../../load-tests/bench/messages.bench.mjs');
//   const result = await messages.run({ count: 2000 });   // → { messagesPerSecond, latencyMs: { p50, p95, p99, max }, … }
// Standalone: node load-tests/bench/messages.bench.mjs [--count 2000] [--concurrency 128] [--workers 1]
// Environment: POSTGRES_ADMIN_URL (default postgres://postgres@127.0.0.1:5432/postgres), REDIS_URL.
import 'reflect-metadata';
import { randomBytes } from 'node:crypto';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { dropRedisKeys, startServiceProcess } from '@salon/nest-kit/testing';
import { dropDatabase } from '../../infra/lib/local-services.mjs';

// MESSAGES_MESSAGING_DIR points at another build of the service (e.g. main's, for a before/after in one run).
const MESSAGING_DIR = process.env.MESSAGES_MESSAGING_DIR ?? fileURLToPath(new URL('../../services/messaging/', import.meta.url));
// MESSAGES_NODE_ARGS go to node for the worker process(es), e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof"
// (the profile is written when the bench stops the worker).
const WORKER_NODE_ARGS = (process.env.MESSAGES_NODE_ARGS ?? '').split(' ').filter(Boolean);
const dist = (path) => import(pathToFileURL(`${MESSAGING_DIR}dist/${path}`).href);

function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}
const round = (v, d = 1) => Math.round(v * 10 ** d) / 10 ** d;

export async function run({
  count = 2000,
  concurrency = 128,
  workers = 1,
  /** Messages per second offered (queued in steps of 10); unset means as fast as the producer can. */
  rate = undefined,
  adminUrl = process.env.POSTGRES_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
  log = console.log,
} = {}) {
  const { NestFactory } = await import('@nestjs/core');
  const nestKit = await import('@salon/nest-kit');
  const { loadMessagingConfig } = await dist('config.js');
  const { ENTITIES, MIGRATIONS } = await dist('database/schema.js');
  const { PersistenceModule } = await dist('database/persistence.module.js');
  const { DeliveryModule } = await dist('modules/delivery/delivery.module.js');
  const { QueueMessageUseCase } = await dist('modules/delivery/use-cases/queue-message.use-case.js');

  const tag = randomBytes(4).toString('hex');
  const database = `bench_messages_${tag}`;
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  const env = {
    NODE_ENV: 'production',
    LOG_LEVEL: 'error',
    JWT_SECRET: randomBytes(24).toString('hex'),
    EVENT_SECRET_KEY: randomBytes(24).toString('hex'),
    DATABASE_URL: url.toString(),
    REDIS_URL: redisUrl,
    REDIS_KEY_PREFIX: `bench:messages:${tag}:`,
    EMAIL_PROVIDER: 'log',
    SMS_PROVIDER: 'log',
    EMAIL_PER_SECOND: '1000000',
    WORKER_CONCURRENCY: String(concurrency),
  };
  const config = loadMessagingConfig(env);
  await nestKit.ensureDatabase(config.DATABASE_URL);
  const workerProcs = [];
  let producer;
  const db = new pg.Client({ connectionString: config.DATABASE_URL });
  try {
    await nestKit.runMigrations(config.DATABASE_URL, { entities: ENTITIES, migrations: MIGRATIONS });
    await db.connect();
    workerProcs.push(
      ...(await Promise.all(
        Array.from({ length: workers }, () =>
          startServiceProcess({ serviceDir: MESSAGING_DIR, env, readyLine: 'messaging-worker-ready', nodeArgs: WORKER_NODE_ARGS }),
        ),
      )),
    );

    // The producer side only (no HTTP server, no workers): what the API or a consumer runs.
    class BenchProducerModule {}
    producer = await NestFactory.createApplicationContext(
      {
        module: BenchProducerModule,
        imports: [
          nestKit.ConfigModule.forRoot(config),
          nestKit.RedisModule,
          nestKit.DatabaseModule.forRoot({ entities: ENTITIES, migrations: MIGRATIONS }),
          PersistenceModule,
          DeliveryModule,
        ],
      },
      { logger: false },
    );
    const queue = producer.get(QueueMessageUseCase);

    log(
      `› messages bench: ${count} e-mails, ${workers} worker process(es) × concurrency ${concurrency}, log provider${rate ? `, offered at ${rate}/s` : ''}`,
    );
    const started = performance.now();
    const batch = rate ? 10 : 50;
    for (let i = 0; i < count; i += batch) {
      if (rate) {
        const due = started + (i / rate) * 1000 - performance.now();
        if (due > 0) await new Promise((r) => setTimeout(r, due));
      }
      await Promise.all(
        Array.from({ length: Math.min(batch, count - i) }, (_, j) =>
          queue.queue({
            idempotencyKey: `bench-${i + j}`,
            channel: 'email',
            to: `client${i + j}@example.com`,
            subject: 'Your appointment',
            text: `Reminder ${i + j}`,
            purpose: 'bench',
          }),
        ),
      );
    }
    const queuedMs = performance.now() - started;
    for (;;) {
      const { rows } = await db.query(`SELECT count(*)::int AS done FROM messages WHERE status IN ('sent', 'delivered', 'failed')`);
      if (rows[0].done >= count) break;
      if (performance.now() - started > 300_000) throw new Error(`only ${rows[0].done} of ${count} messages finished in 5 minutes`);
      await new Promise((r) => setTimeout(r, 20));
    }
    const totalMs = performance.now() - started;
    const { rows } = await db.query(`SELECT extract(epoch FROM (sent_at - queued_at)) * 1000 AS ms, status FROM messages`);
    const failed = rows.filter((r) => r.status === 'failed').length;
    const latencies = rows
      .filter((r) => r.ms !== null)
      .map((r) => Number(r.ms))
      .sort((a, b) => a - b);
    const result = {
      count,
      workers,
      concurrency,
      rate: rate ?? null,
      failed,
      queueSeconds: round(queuedMs / 1000, 2),
      totalSeconds: round(totalMs / 1000, 2),
      enqueuedPerSecond: round(count / (queuedMs / 1000)),
      messagesPerSecond: round(count / (totalMs / 1000)),
      latencyMs: {
        p50: round(percentile(latencies, 50)),
        p95: round(percentile(latencies, 95)),
        p99: round(percentile(latencies, 99)),
        max: round(latencies.at(-1) ?? NaN),
      },
    };
    log(
      `  ${result.messagesPerSecond} messages/s end to end (enqueue ${result.enqueuedPerSecond}/s); queued→sent p50 ${result.latencyMs.p50} ms, p95 ${result.latencyMs.p95} ms, p99 ${result.latencyMs.p99} ms; failed ${failed}`,
    );
    return result;
  } finally {
    await producer?.close().catch(() => undefined);
    await Promise.all(workerProcs.map((w) => w.stop().catch(() => undefined)));
    await db.end().catch(() => undefined);
    await dropDatabase(adminUrl, database);
    await dropRedisKeys(env.REDIS_KEY_PREFIX, redisUrl);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { values } = parseArgs({
    options: {
      count: { type: 'string', default: '2000' },
      concurrency: { type: 'string', default: '128' },
      workers: { type: 'string', default: '1' },
      rate: { type: 'string' },
    },
  });
  const result = await run({
    count: Number(values.count),
    concurrency: Number(values.concurrency),
    workers: Number(values.workers),
    rate: values.rate ? Number(values.rate) : undefined,
  });
  console.log(JSON.stringify(result, null, 2));
  process.exit(0);
}
