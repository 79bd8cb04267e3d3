import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Queue, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, dropRedisKeys, testRedisPrefix, type TestDatabase } from '../testing/index.js';
import { instrumentBullmq } from './bullmq.js';
import { graphqlMetricsPlugin } from './graphql-metrics.js';
import {
  consumerLag,
  eventsConsumed,
  httpMetricsMiddleware,
  isInternalAddress,
  metricsAllowed,
  startMetrics,
  startMetricsServer,
  watchOutbox,
  watchPool,
} from './metrics.js';

/** The families infra/grafana/salon.json charts; each must be in a scrape. */
export const FAMILIES = [
  'http_request_duration_seconds',
  'graphql_operation_duration_seconds',
  'outbox_publish_lag_seconds',
  'outbox_pending_events',
  'outbox_oldest_pending_seconds',
  'event_consumer_lag_seconds',
  'events_consumed_total',
  'bullmq_queue_jobs',
  'bullmq_jobs_total',
  'bullmq_job_duration_seconds',
  'db_pool_connections',
];

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const prefix = testRedisPrefix('metrics');
let db: TestDatabase;
let sql: pg.Pool;
let connection: Redis;
let scrapeUrl: string;
let closeMetrics: () => Promise<void>;

beforeAll(async () => {
  startMetrics('metrics-test');
  db = await createTestDatabase('metrics', { entities: [], migrations: [] });
  sql = new pg.Pool({ connectionString: db.url, max: 3 });
  await sql.query(`CREATE TABLE outbox (seq bigserial, created_at timestamptz NOT NULL DEFAULT now(), published_at timestamptz)`);
  await sql.query(`INSERT INTO outbox (created_at) VALUES (now() - interval '42 seconds'), (now())`);
  connection = new Redis(REDIS_URL, { maxRetriesPerRequest: null });
  const server = await startMetricsServer(0, '127.0.0.1');
  scrapeUrl = `http://127.0.0.1:${server.port}/metrics`;
  closeMetrics = server.close;
});

afterAll(async () => {
  await closeMetrics?.();
  await sql?.end();
  await db?.drop();
  await connection?.quit();
  await dropRedisKeys(prefix, REDIS_URL);
});

describe('/metrics', () => {
  it('exports every family the dashboard charts, from the code paths that record them', async () => {
    // HTTP: a real server with the middleware; the route label is the known prefix, not the path.
    const record = httpMetricsMiddleware({ prefixes: ['/api'] });
    const app = http.createServer((req, res) => record(req, res, () => res.end('ok')));
    await new Promise<void>((r) => app.listen(0, '127.0.0.1', r));
    await fetch(`http://127.0.0.1:${(app.address() as AddressInfo).port}/api/clients/123`);
    await fetch(`http://127.0.0.1:${(app.address() as AddressInfo).port}/wp-login.php`);
    await new Promise<void>((r) => app.close(() => r()));

    // GraphQL: the plugin as Apollo calls it.
    const hooks = await graphqlMetricsPlugin().requestDidStart();
    await hooks.willSendResponse({ operationName: 'Calendar', operation: { operation: 'query' } });

    // BullMQ: a real queue and worker on Redis, one job succeeding and one failing.
    await instrumentBullmq();
    const queue = new Queue('metrics-test', { connection, prefix });
    const worker = new Worker(
      'metrics-test',
      async (job) => {
        if (job.data.fail) throw new Error('no');
      },
      { connection, prefix },
    );
    const done = new Promise<void>((resolve) => {
      let n = 0;
      const tick = () => ++n === 2 && resolve();
      worker.on('completed', tick);
      worker.on('failed', tick);
    });
    await queue.add('ok', { fail: false });
    await queue.add('bad', { fail: true }, { attempts: 1 });
    await done;
    await queue.add('later', {}, { delay: 60_000 });

    // Outbox backlog and the pool, read from the real database at scrape time.
    const unwatchOutbox = watchOutbox({ query: (text: string) => sql.query(text).then((r) => r.rows) });
    const unwatchPool = watchPool(() => ({
      name: 'metrics',
      totalCount: sql.totalCount,
      idleCount: sql.idleCount,
      waitingCount: sql.waitingCount,
      max: 3,
    }));
    consumerLag.observe({ group: 'metrics', context: 'scheduling' }, 1.5);
    eventsConsumed.inc({ group: 'metrics', type: 'scheduling.appointment.booked.v1', outcome: 'handled' });

    const res = await fetch(scrapeUrl);
    expect(res.status).toBe(200);
    const text = await res.text();
    unwatchOutbox();
    unwatchPool();
    await worker.close();
    await queue.close();

    for (const family of FAMILIES) expect(text, family).toMatch(new RegExp(`^${family}(_bucket|_count|_sum)?\\{`, 'm'));
    expect(text).toMatch(/http_request_duration_seconds_count\{[^}]*route="\/api"[^}]*\} 1/);
    expect(text).toMatch(/http_request_duration_seconds_count\{[^}]*route="other"[^}]*\} 1/);
    expect(text).toMatch(/bullmq_jobs_total\{[^}]*queue="metrics-test"[^}]*outcome="failed"[^}]*\} 1/);
    expect(text).toMatch(/bullmq_queue_jobs\{[^}]*queue="metrics-test"[^}]*state="delayed"[^}]*\} 1/);
    expect(text).toMatch(/outbox_pending_events\{[^}]*\} 2/);
    expect(text).toMatch(/outbox_oldest_pending_seconds\{[^}]*\} 4[12]/);
    expect(text).toMatch(/service="metrics-test"/);
  });

  it('answers only direct callers from loopback or the cluster, or a caller with the token', () => {
    const req = (remoteAddress: string, headers: Record<string, string> = {}) =>
      ({ headers, socket: { remoteAddress } }) as unknown as http.IncomingMessage;
    expect(metricsAllowed(req('127.0.0.1'), undefined)).toBe(true);
    expect(metricsAllowed(req('10.42.0.7'), undefined)).toBe(true);
    expect(metricsAllowed(req('10.42.0.7', { 'x-forwarded-for': '203.0.113.9' }), undefined)).toBe(false);
    expect(metricsAllowed(req('203.0.113.9'), undefined)).toBe(false);
    expect(metricsAllowed(req('203.0.113.9', { authorization: 'Bearer s3cret-token' }), 's3cret-token')).toBe(true);
    expect(metricsAllowed(req('203.0.113.9', { authorization: 'Bearer wrong' }), 's3cret-token')).toBe(false);
    expect(isInternalAddress('::ffff:192.168.1.4')).toBe(true);
    expect(isInternalAddress('172.32.0.1')).toBe(false);
  });
});
