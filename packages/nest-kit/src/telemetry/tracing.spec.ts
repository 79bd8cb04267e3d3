import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace';
import { Queue, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../logging/logger.js';
import { dropRedisKeys, testRedisPrefix } from '../testing/index.js';
import { instrumentBullmq, JOB_TRACE_FIELD } from './bullmq.js';
import { currentTraceparent, flushTracing, startTracing, stopTracing, tracingMiddleware, withSpan } from './tracing.js';

// In-process: the hops of one process with an in-memory exporter the test reads. The whole
// platform's trace (gateway → … → Twilio) is infra/test/observability/trace.spec.ts.
const exporter = new InMemorySpanExporter();
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const prefix = testRedisPrefix('tracing');
let connection: Redis;

beforeAll(async () => {
  expect(startTracing('tracing-test', { processor: new SimpleSpanProcessor({ exporter }), env: {} })).toBe(true);
  await instrumentBullmq();
  connection = new Redis(REDIS_URL, { maxRetriesPerRequest: null });
});

afterAll(async () => {
  await connection?.quit();
  await dropRedisKeys(prefix, REDIS_URL);
  await stopTracing();
});

describe('tracing', () => {
  it('continues an incoming traceparent, calls out with it, and logs carry the trace id', async () => {
    const traceId = randomBytes(16).toString('hex');
    let seenByPeer = '';
    const peer = http.createServer((req, res) => {
      seenByPeer = String(req.headers.traceparent ?? '');
      res.end('ok');
    });
    await new Promise<void>((r) => peer.listen(0, '127.0.0.1', r));
    const peerUrl = `http://127.0.0.1:${(peer.address() as AddressInfo).port}`;
    const lines: string[] = [];
    const logger = createLogger('tracing-test', 'info', new Writable({ write: (c, _e, cb) => (lines.push(String(c)), cb()) }));
    const mw = tracingMiddleware();
    const app = http.createServer((req, res) =>
      mw(req, res, () => {
        logger.info('inside the request');
        void fetch(peerUrl).then(() => res.end('done'));
      }),
    );
    await new Promise<void>((r) => app.listen(0, '127.0.0.1', r));
    await fetch(`http://127.0.0.1:${(app.address() as AddressInfo).port}/x`, {
      headers: { traceparent: `00-${traceId}-${randomBytes(8).toString('hex')}-01` },
    });
    await new Promise<void>((r) => app.close(() => r()));
    await new Promise<void>((r) => peer.close(() => r()));
    await flushTracing();

    const spans = exporter.getFinishedSpans().filter((s) => s.spanContext().traceId === traceId);
    const server = spans.find((s) => s.name.startsWith('GET /x'));
    const client = spans.find((s) => s.name.startsWith('GET http://127.0.0.1'));
    expect(server).toBeDefined();
    expect(client?.parentSpanContext?.spanId).toBe(server!.spanContext().spanId);
    expect(seenByPeer).toBe(`00-${traceId}-${client!.spanContext().spanId}-01`);
    expect(JSON.parse(lines.find((l) => l.includes('inside the request'))!).trace_id).toBe(traceId);
  });

  it('a BullMQ job carries the trace in its data and runs in a span of it', async () => {
    const queue = new Queue('tracing-test', { connection, prefix });
    let inJob: string | null = null;
    const worker = new Worker(
      'tracing-test',
      async () => {
        inJob = currentTraceparent();
      },
      { connection, prefix },
    );
    const done = new Promise<void>((resolve) => worker.on('completed', () => resolve()));
    let traceId = '';
    await withSpan('enqueue', {}, async (span) => {
      traceId = span!.spanContext().traceId;
      const job = await queue.add('x', { a: 1 });
      expect((job.data as Record<string, unknown>)[JOB_TRACE_FIELD]).toMatch(new RegExp(`^00-${traceId}-`));
    });
    await done;
    await worker.close();
    await queue.close();
    expect(inJob).toMatch(new RegExp(`^00-${traceId}-`));
    const jobSpan = exporter.getFinishedSpans().find((s) => s.name === 'tracing-test process');
    expect(jobSpan?.spanContext().traceId).toBe(traceId);
  });
});
