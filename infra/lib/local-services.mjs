import net from 'node:net';
import pg from 'pg';
import { Redis } from 'ioredis';

export const DEFAULT_POSTGRES_URL = 'postgres://postgres@127.0.0.1:5432/postgres';
export const DEFAULT_REDIS_URL = 'redis://127.0.0.1:6379';

/** The server URL (database `postgres`) behind DATABASE_URL, or the local default. */
export function postgresAdminUrl(env = process.env) {
  const url = new URL(env.POSTGRES_URL ?? env.DATABASE_URL ?? DEFAULT_POSTGRES_URL);
  url.pathname = '/postgres';
  return url.toString();
}

function describe(url) {
  const u = new URL(url);
  return `${u.hostname}:${u.port || (u.protocol.startsWith('redis') ? 6379 : 5432)}`;
}

async function checkPostgres(url) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return null;
  } catch (error) {
    return error.message || String(error.code);
  } finally {
    await client.end().catch(() => {});
  }
}

async function checkRedis(url) {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, connectTimeout: 3000, retryStrategy: () => null });
  try {
    await redis.connect();
    await redis.ping();
    return null;
  } catch (error) {
    return error.message;
  } finally {
    redis.disconnect();
  }
}

/**
 * Says which of PostgreSQL and Redis cannot be reached, where it looked and how to start it, and
 * exits non-zero; returns quietly when both answer.
 */
export async function requireLocalServices(env = process.env) {
  const pgUrl = postgresAdminUrl(env);
  const redisUrl = env.REDIS_URL ?? DEFAULT_REDIS_URL;
  const [pgProblem, redisProblem] = await Promise.all([checkPostgres(pgUrl), checkRedis(redisUrl)]);
  if (!pgProblem && !redisProblem) return { pgUrl, redisUrl };
  if (pgProblem) {
    console.error(`✗ PostgreSQL is not reachable at ${describe(pgUrl)} (${pgProblem}).`);
    console.error('  Start it:  pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start');
    console.error('  or point DATABASE_URL (or POSTGRES_URL) at a running server.');
  }
  if (redisProblem) {
    console.error(`✗ Redis is not reachable at ${describe(redisUrl)} (${redisProblem}).`);
    console.error('  Start it:  redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save "" --appendonly no');
    console.error('  or point REDIS_URL at a running server.');
  }
  process.exit(1);
}

/** True when something already listens on the port (a second `npm start`, say). */
export function portInUse(port, host = '127.0.0.1') {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

export async function dropDatabase(adminUrl, name) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  } finally {
    await client.end();
  }
}
