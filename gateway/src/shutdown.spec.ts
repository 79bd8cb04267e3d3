import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import http from 'node:http';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { TokenService, type VerifiedToken } from '@salon/tokens';
import { GraphQLError } from 'graphql';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeService, type FakeService } from './testing/fake-services.js';

// The gateway as it runs in a pod: its built main.js as a child process, sent SIGTERM while
// requests are in flight. Not NODE_ENV=test: Apollo only installs its own signal handlers
// outside tests, and those are what kept the gateway from exiting.
const GATEWAY_DIR = fileURLToPath(new URL('..', import.meta.url));
const fixture = (name: string) => readFileSync(new URL(`../test/fixtures/${name}.graphql`, import.meta.url), 'utf8');
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const prefix = `test:gateway-shutdown:${process.pid}:${Date.now()}:`;
const secret = 'gateway-shutdown-secret-that-is-long-enough-0123456789';

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name.endsWith('.spec.ts') || entry.name === 'testing') continue;
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

/** `npm test` builds everything; a direct Vitest run may not have. */
function ensureGatewayBuilt() {
  const main = join(GATEWAY_DIR, 'dist/main.js');
  let built: number;
  try {
    built = statSync(main).mtimeMs;
  } catch {
    built = 0;
  }
  if (built >= newestMtime(join(GATEWAY_DIR, 'src'))) return;
  const tsc = join(GATEWAY_DIR, '../node_modules/typescript/bin/tsc');
  const result = spawnSync(process.execPath, [tsc, '-p', 'tsconfig.build.json'], { cwd: GATEWAY_DIR, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`building the gateway failed:\n${result.stdout}${result.stderr}`);
}

interface Outcome {
  status?: number;
  error?: string;
}

/** One GET through a keep-alive agent; resolves with its status or its connection error. */
function get(url: string, token: string, agent: http.Agent): Promise<Outcome> {
  return new Promise((resolve) => {
    const req = http.get(url, { agent, headers: { authorization: `Bearer ${token}` } }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode }));
      res.on('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
    });
    req.on('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
  });
}

let redis: Redis;
let tokens: TokenService;
let identity: FakeService;
let token: string;

beforeAll(async () => {
  ensureGatewayBuilt();
  redis = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
  tokens = new TokenService({ secret, issuer: 'salon-identity', audience: 'salon-platform', ttlSeconds: 600, redisPrefix: prefix }, redis);
  identity = await startFakeService<{ user?: VerifiedToken }>({
    sdl: fixture('identity'),
    holdApi: true,
    context: async () => ({}),
    resolvers: {
      Query: {
        viewer: () => {
          throw new GraphQLError('Authentication required', { extensions: { code: 'UNAUTHENTICATED' } });
        },
      },
    },
  });
  token = (await tokens.issue('user-1', 'staff')).token;
});

afterAll(async () => {
  identity?.release();
  await identity?.close();
  await redis?.quit();
});

describe('gateway shutdown', () => {
  it('on SIGTERM stops taking connections, finishes the requests in flight and exits 0', async () => {
    const child: ChildProcess = spawn(process.execPath, ['dist/main.js'], {
      cwd: GATEWAY_DIR,
      env: {
        ...process.env,
        NODE_ENV: 'development',
        PORT: '0',
        HOST: '127.0.0.1',
        LOG_LEVEL: 'info',
        REDIS_URL: redisUrl,
        REDIS_KEY_PREFIX: prefix,
        JWT_SECRET: secret,
        IDENTITY_URL: identity.url,
        SUPERGRAPH_POLL_INTERVAL_MS: '60000',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
      child.once('exit', (code, signal) => resolve({ code, signal })),
    );
    let logs = '';
    child.stderr!.on('data', (chunk) => (logs += chunk));
    const base = await new Promise<string>((resolve, reject) => {
      child.stdout!.on('data', (chunk: Buffer) => {
        logs += chunk;
        const match = /gateway listening on (http:\/\/[^"\s]+)/.exec(logs);
        if (match) resolve(match[1]);
      });
      void exited.then(() => reject(new Error(`the gateway exited before it listened:\n${logs.slice(-2000)}`)));
    });
    // Ready: the supergraph is loaded, which is when Apollo's own signal handlers are installed.
    for (let ready = false; !ready;) {
      ready =
        (await fetch(`${base}/health/ready`)
          .then((r) => r.status)
          .catch(() => 0)) === 200;
      if (!ready) await new Promise((resolve) => setTimeout(resolve, 50));
    }

    const agent = new http.Agent({ keepAlive: true });
    // An idle keep-alive connection must not hold the shutdown up.
    const idle = new http.Agent({ keepAlive: true });
    expect((await get(`${base}/health/live`, token, idle)).status).toBe(200);
    // Eight requests the service holds unanswered: in flight when the signal comes.
    const inFlight = Array.from({ length: 8 }, (_, i) => get(`${base}/api/users/u${i}`, token, agent));
    for (let waited = 0; identity.held() < 8; waited++) {
      if (waited > 500) throw new Error(`only ${identity.held()} requests reached the service`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }

    child.kill('SIGTERM');
    // Stops taking requests: new connections are refused while the eight are still open.
    for (let refused = false; !refused;) {
      const outcome = await get(`${base}/health/live`, token, new http.Agent({ keepAlive: false }));
      refused = outcome.error === 'ECONNREFUSED';
      if (!refused) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(identity.held()).toBe(8);

    identity.release();
    const outcomes = await Promise.all(inFlight);
    expect(outcomes).toEqual(Array.from({ length: 8 }, () => ({ status: 200 })));
    // A bound, not a speed measurement: the old gateway hung until its 15 s force-exit (code 1).
    let timer: NodeJS.Timeout | undefined;
    const result = await Promise.race([
      exited,
      new Promise<'still running'>((resolve) => (timer = setTimeout(() => resolve('still running'), 5_000))),
    ]);
    clearTimeout(timer);
    if (result === 'still running') child.kill('SIGKILL');
    expect(result, logs.slice(-6000)).toEqual({ code: 0, signal: null });
    agent.destroy();
    idle.destroy();
  });
});
