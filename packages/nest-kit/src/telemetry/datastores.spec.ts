import { InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { instrumentDatastores, sqlOperation } from './datastores.js';
import { flushTracing, startTracing, stopTracing, withSpan } from './tracing.js';

// Real PostgreSQL and Redis (the machine's), an in-memory exporter the test reads.
const exporter = new InMemorySpanExporter();
const DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
let pool: pg.Pool;
let redis: Redis;

beforeAll(async () => {
  expect(startTracing('datastores-test', { processor: new SimpleSpanProcessor({ exporter }), env: {} })).toBe(true);
  expect(await instrumentDatastores()).toEqual({ pg: true, redis: true });
  pool = new pg.Pool({ connectionString: DATABASE_URL, max: 2 });
  redis = new Redis(REDIS_URL);
});

afterAll(async () => {
  await pool?.end();
  await redis?.quit();
  await stopTracing();
});

const spansOf = (traceId: string) => exporter.getFinishedSpans().filter((s) => s.spanContext().traceId === traceId);

describe('spans for SQL and Redis', () => {
  it('names the operation of a statement, past comments', () => {
    expect(sqlOperation('select 1')).toBe('SELECT');
    expect(sqlOperation('  -- why\n/* note */ WITH x AS (SELECT 1) SELECT * FROM x')).toBe('WITH');
    expect(sqlOperation('')).toBe('QUERY');
  });

  it('records each query and command inside a trace as a child, with the SQL but never the values', async () => {
    exporter.reset();
    let traceId = '';
    await withSpan('request', {}, async (span) => {
      traceId = span!.spanContext().traceId;
      await pool.query('SELECT $1::text AS secret', ['4111-1111-1111-1111']);
      await new Promise<void>((resolve, reject) => pool.query('SELECT 2', (error: Error | null) => (error ? reject(error) : resolve())));
      await redis.set('datastores-test:key', 'v', 'EX', 5);
      await expect(pool.query('SELECT * FROM no_such_table')).rejects.toThrow(/no_such_table/);
    });
    await flushTracing();
    const spans = spansOf(traceId);
    const request = spans.find((s) => s.name === 'request')!;
    const children = spans.filter((s) => s.parentSpanContext?.spanId === request.spanContext().spanId);
    expect(children.map((s) => s.name)).toEqual(['pg SELECT', 'pg SELECT', 'redis SET', 'pg SELECT']);
    expect(children[0].attributes).toMatchObject({ 'db.system': 'postgresql', 'db.query.text': 'SELECT $1::text AS secret' });
    expect(JSON.stringify(children.map((s) => s.attributes))).not.toContain('4111');
    expect(children[2].attributes).toMatchObject({ 'db.system': 'redis', 'db.operation.name': 'SET' });
    expect(children[3].status.code).toBe(2); // ERROR
  });

  it('adds nothing outside a trace (the relay polling, a consumer waiting)', async () => {
    exporter.reset();
    await pool.query('SELECT 1');
    await redis.get('datastores-test:key');
    await flushTracing();
    expect(exporter.getFinishedSpans()).toEqual([]);
  });
});
