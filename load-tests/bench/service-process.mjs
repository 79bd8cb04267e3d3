// A built service run as its own process for a bench over HTTP (booking-throughput, checkout): a
// free port, the process started with the bench's environment, ready when /health/ready answers,
// an admin token minted with the bench's JWT secret, and a stop that waits for the exit.
import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { createServer } from 'node:http';

export const freePort = () =>
  new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

/**
 * The environment of a service under a bench: production mode, quiet logs, fresh secrets, its own
 * database and Redis prefix, and the other services' URLs (`urls`, e.g. { IDENTITY_URL }).
 */
export function serviceEnv({ name, tag, port, databaseUrl, redisUrl, urls = {} }) {
  return {
    NODE_ENV: 'production',
    LOG_LEVEL: 'error',
    PORT: String(port),
    HOST: '127.0.0.1',
    JWT_SECRET: randomBytes(24).toString('hex'),
    EVENT_SECRET_KEY: randomBytes(24).toString('hex'),
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    REDIS_KEY_PREFIX: `bench:${name}:${tag}:`,
    ...urls,
  };
}

/**
 * Starts `dist/main.js` of the service in `dir` with `env` (which must hold PORT, JWT_SECRET and
 * REDIS_KEY_PREFIX) and answers { base, token, stop }. `nodeArgs` go to node (e.g. --cpu-prof);
 * `logs` shows the service's own log (stdout) instead of dropping it.
 */
export async function startServiceProcess({ name, dir, env, redis, nodeArgs = [], logs = false }) {
  const { TokenService } = await import('@salon/tokens');
  const child = spawn(process.execPath, [...nodeArgs, 'dist/main.js'], {
    cwd: dir,
    env: { ...process.env, ...env },
    stdio: ['ignore', logs ? 'inherit' : 'ignore', 'pipe'],
  });
  const stop = async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  };
  try {
    let stderr = '';
    child.stderr.on('data', (c) => (stderr += c));
    const base = `http://127.0.0.1:${env.PORT}`;
    for (let i = 0; ; i++) {
      if (child.exitCode !== null) throw new Error(`${name} exited before it was ready: ${stderr.slice(-2000)}`);
      const ok = await fetch(`${base}/health/ready`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      if (i > 1200) throw new Error(`${name} did not become ready in 120 s`);
      await new Promise((r) => setTimeout(r, 100));
    }
    const tokens = new TokenService(
      { secret: env.JWT_SECRET, issuer: 'salon-identity', audience: 'salon-platform', ttlSeconds: 3600, redisPrefix: env.REDIS_KEY_PREFIX },
      redis,
    );
    const { token } = await tokens.issue(randomUUID(), 'admin');
    return { base, token, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
