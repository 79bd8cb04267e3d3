// Graceful shutdown of the processes a pod runs, as built: the gateway, a service's API (clients)
// and its worker, as child processes on a database and Redis prefix of their own. Each gets
// SIGTERM while it is busy (a stream of requests through the gateway; a stream of events into
// the worker) and must exit 0 within a bound, dropping nothing: requests before the signal are
// answered, and every event the worker was given ends in its inbox exactly once (committed before
// the stop, or redelivered to the next worker). The gateway's own in-flight check, with requests
// held in a service, is gateway/src/shutdown.spec.ts.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import net from 'node:net';
import { join } from 'node:path';
import type { EventEnvelope } from '@salon/contracts';
import { RedisStreamsTransport } from '@salon/nest-kit';
import { createTestDatabase, dropRedisKeys, ensureServiceBuilt, testRedisPrefix, type TestDatabase } from '@salon/nest-kit/testing';
import { TokenService } from '@salon/tokens';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../lib/install.mjs';

const CLIENTS_DIR = join(ROOT, 'services/clients');
const GATEWAY_DIR = join(ROOT, 'gateway');
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const SECRET = 'shutdown-test-secret-that-is-long-enough-0123456789';
const EXIT_BOUND_MS = 10_000;

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

interface Child {
  child: ChildProcess;
  logs: () => string;
  /** Resolves with how it ended, or 'still running' after `ms` (then it is killed). */
  exitWithin(ms: number): Promise<{ code: number | null; signal: NodeJS.Signals | null } | 'still running'>;
}

async function startChild(cwd: string, entry: string, env: Record<string, string>, readyLine: RegExp): Promise<Child> {
  // Not NODE_ENV=test: the processes run as they do in a pod.
  const child = spawn(process.execPath, [entry], {
    cwd,
    env: { ...process.env, NODE_ENV: 'development', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  let logs = '';
  child.stderr!.on('data', (chunk) => (logs += chunk));
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      logs += chunk;
      if (readyLine.test(logs)) resolve();
    });
    void exited.then(() => reject(new Error(`${entry} exited before it was ready:\n${logs.slice(-3000)}`)));
  });
  return {
    child,
    logs: () => logs,
    async exitWithin(ms) {
      let timer: NodeJS.Timeout | undefined;
      const result = await Promise.race([
        exited,
        new Promise<'still running'>((resolve) => (timer = setTimeout(() => resolve('still running'), ms))),
      ]);
      clearTimeout(timer);
      if (result === 'still running') child.kill('SIGKILL');
      return result;
    },
  };
}

const optOut = (phone: string): EventEnvelope => ({
  id: randomUUID(),
  type: 'messaging.sms.opted-out.v1',
  occurredAt: new Date().toISOString(),
  aggregateType: 'phone',
  aggregateId: phone,
  locationId: null,
  actor: { type: 'system', id: null },
  traceparent: null,
  payload: { phone, at: new Date().toISOString(), keyword: 'STOP' },
});

let db: TestDatabase;
let sql: pg.Pool;
let redis: Redis;
let transport: RedisStreamsTransport;
const prefix = testRedisPrefix('shutdown');
const children: Child[] = [];
let env: Record<string, string>;

beforeAll(async () => {
  ensureServiceBuilt(CLIENTS_DIR, 'dist/main.js');
  ensureServiceBuilt(CLIENTS_DIR, 'dist/worker.js');
  ensureServiceBuilt(GATEWAY_DIR, 'dist/main.js');
  db = await createTestDatabase('shutdown_clients', { entities: [], migrations: [] });
  env = {
    DATABASE_URL: db.url,
    REDIS_URL,
    REDIS_KEY_PREFIX: prefix,
    JWT_SECRET: SECRET,
    HOST: '127.0.0.1',
    LOG_LEVEL: 'info',
    EVENT_RELAY_INTERVAL_MS: '50',
  };
  const migrated = spawnSync(process.execPath, ['dist/migrate.js'], {
    cwd: CLIENTS_DIR,
    env: { ...process.env, ...env },
    encoding: 'utf8',
  });
  if (migrated.status !== 0) throw new Error(`clients migration failed: ${migrated.stderr}`);
  sql = new pg.Pool({ connectionString: db.url, max: 2 });
  redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
  transport = new RedisStreamsTransport({ url: REDIS_URL, prefix });
}, 120_000);

afterAll(async () => {
  for (const c of children) if (c.child.exitCode === null && c.child.signalCode === null) c.child.kill('SIGKILL');
  await transport?.close();
  await sql?.end();
  await redis?.quit();
  await db?.drop();
  await dropRedisKeys(prefix, REDIS_URL);
});

describe('graceful shutdown (SIGTERM) of the gateway, a service API and its worker', () => {
  it('the clients worker finishes the event it is on and exits 0; its successor handles the rest, none twice', async () => {
    const start = () => startChild(CLIENTS_DIR, 'dist/worker.js', { ...env, WORKER_READY_LINE: '1' }, /clients-worker-ready/);
    const first = await start();
    children.push(first);
    const events = Array.from({ length: 300 }, (_, i) => optOut(`+1312555${String(1000 + i).padStart(4, '0')}`));
    for (let i = 0; i < events.length; i += 50) await transport.publish(events.slice(i, i + 50));
    const handled = async () =>
      Number((await sql.query(`SELECT count(*) AS n FROM inbox WHERE type = 'messaging.sms.opted-out.v1'`)).rows[0].n);
    while ((await handled()) === 0) await new Promise((resolve) => setTimeout(resolve, 5));

    first.child.kill('SIGTERM');
    expect(await first.exitWithin(EXIT_BOUND_MS), first.logs().slice(-3000)).toEqual({ code: 0, signal: null });
    const byFirst = await handled();

    const second = await start();
    children.push(second);
    while ((await handled()) < events.length) await new Promise((resolve) => setTimeout(resolve, 20));
    const rows = (await sql.query<{ event_id: string }>(`SELECT event_id FROM inbox WHERE type = 'messaging.sms.opted-out.v1'`)).rows;
    expect(new Set(rows.map((r) => r.event_id))).toEqual(new Set(events.map((e) => e.id)));
    expect(rows).toHaveLength(events.length);
    expect(await transport.deadLetters('messaging')).toEqual([]);
    // What the first worker committed stays committed: the second one started where it stopped.
    expect(byFirst).toBeGreaterThan(0);
    second.child.kill('SIGTERM');
    expect(await second.exitWithin(EXIT_BOUND_MS)).toEqual({ code: 0, signal: null });
  });

  it('the clients API and then the gateway exit 0 under a stream of requests, answering every request they took', async () => {
    const apiPort = await freePort();
    const api = await startChild(CLIENTS_DIR, 'dist/main.js', { ...env, PORT: String(apiPort) }, /clients listening on/);
    children.push(api);
    const gateway = await startChild(
      GATEWAY_DIR,
      'dist/main.js',
      { ...env, PORT: '0', CLIENTS_URL: `http://127.0.0.1:${apiPort}`, IDENTITY_URL: `http://127.0.0.1:${await freePort()}` },
      /gateway listening on/,
    );
    children.push(gateway);
    const base = /gateway listening on (http:\/\/[^"\s]+)/.exec(gateway.logs())![1];
    const token = (
      await new TokenService(
        { secret: SECRET, issuer: 'salon-identity', audience: 'salon-platform', ttlSeconds: 600, redisPrefix: prefix },
        redis,
      ).issue('admin-1', 'admin')
    ).token;

    // Four clients, each with a keep-alive connection, asking one after the other until stopped.
    type Outcome = { id: string; at: number; status?: number; error?: string };
    const outcomes: Outcome[] = [];
    let streaming = true;
    const loops = Array.from({ length: 4 }, async () => {
      const agent = new http.Agent({ keepAlive: true });
      while (streaming) {
        const at = Date.now();
        const id = randomUUID();
        const outcome = await new Promise<Outcome>((resolve) => {
          const headers = { authorization: `Bearer ${token}`, 'x-request-id': id };
          const req = http.get(`${base}/api/clients?limit=5`, { agent, headers }, (res) => {
            res.resume();
            res.on('end', () => resolve({ id, at, status: res.statusCode }));
          });
          req.on('error', (error: NodeJS.ErrnoException) => resolve({ id, at, error: error.code ?? error.message }));
        });
        outcomes.push(outcome);
        // The gateway is gone: one refusal shows it, no need to keep knocking.
        if (outcome.error === 'ECONNREFUSED') break;
      }
      agent.destroy();
    });
    const waitForAnswers = async (n: number) => {
      const target = outcomes.length + n;
      while (outcomes.length < target) await new Promise((resolve) => setTimeout(resolve, 5));
    };

    await waitForAnswers(40);
    const apiSignalAt = Date.now();
    api.child.kill('SIGTERM');
    expect(await api.exitWithin(EXIT_BOUND_MS), api.logs().slice(-3000)).toEqual({ code: 0, signal: null });
    // The gateway keeps answering meanwhile (502 "unreachable" for the service that is gone).
    await waitForAnswers(20);
    const gatewaySignalAt = Date.now();
    gateway.child.kill('SIGTERM');
    expect(await gateway.exitWithin(EXIT_BOUND_MS), gateway.logs().slice(-3000)).toEqual({ code: 0, signal: null });
    streaming = false;
    await Promise.all(loops);

    // Nothing taken is dropped. A request either got an answer (200, or the gateway's 502 once the
    // API no longer took connections), or failed before the process that was stopping took it:
    // the proof is that its request id never shows in that process's log, where every request it
    // reads is logged, answered or not. (A GET the API resets before answering is sent once more.)
    const loggedBy = (child: Child) => (id: string) => child.logs().includes(id);
    expect(outcomes.filter((o) => o.at < apiSignalAt && o.status === 200).length).toBeGreaterThan(0);
    expect(outcomes.filter((o) => o.status !== undefined && o.status !== 200 && o.status !== 502)).toEqual([]);
    const upstreamFailures = gateway
      .logs()
      .split('\n')
      .filter((line) => line.includes('upstream request failed'))
      .map((line) => JSON.parse(line) as { requestId: string; code?: string });
    expect(outcomes.filter((o) => o.status === 502)).toHaveLength(upstreamFailures.length);
    expect(upstreamFailures.filter((f) => loggedBy(api)(f.requestId))).toEqual([]);
    const failed = outcomes.filter((o) => o.error);
    expect(failed.filter((o) => o.at < gatewaySignalAt)).toEqual([]);
    expect(failed.filter((o) => loggedBy(gateway)(o.id))).toEqual([]);
  });
});
