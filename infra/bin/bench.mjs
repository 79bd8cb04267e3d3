#!/usr/bin/env node
// `npm run bench`: starts the platform on its own ports and databases, then measures the
// gateway's `viewer` query against the identity subgraph's own, in one run.
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildAll, ensureInstalled, ROOT } from '../lib/install.mjs';

ensureInstalled();
const { requireLocalServices, dropDatabase, postgresAdminUrl } = await import('../lib/local-services.mjs');
const { startPlatform } = await import('../lib/platform.mjs');
const gatewayViewer = await import('../../load-tests/bench/gateway-viewer.bench.mjs');

await requireLocalServices();
buildAll();
const tag = randomBytes(3).toString('hex');
const port = Number(process.env.BENCH_PORT ?? 4700);
console.log('› Starting the platform for the benchmark…');
const platform = await startPlatform({
  port,
  portOffset: port - 4000,
  databasePrefix: `bench_${tag}`,
  redisPrefix: `bench:${tag}:`,
  logs: 'ignore',
  env: { LOG_LEVEL: 'error', NODE_ENV: 'production', JWT_SECRET: `bench-secret-${randomBytes(16).toString('hex')}` },
});
try {
  const login = await fetch(`${platform.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@demo.salon', password: 'demo-salon' }),
  });
  if (!login.ok) throw new Error(`login failed: ${login.status} ${await login.text()}`);
  const { token } = await login.json();
  const result = await gatewayViewer.run({
    gatewayUrl: platform.url,
    identityUrl: platform.serviceUrls.identity,
    token,
    durationSeconds: Number(process.env.BENCH_SECONDS ?? 10),
    connections: Number(process.env.BENCH_CONNECTIONS ?? 10),
  });
  const dir = join(ROOT, 'bench-results');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'gateway-viewer.json'), JSON.stringify({ at: new Date().toISOString(), ...result }, null, 2));
} finally {
  await platform.stop();
  for (const database of platform.databases) await dropDatabase(postgresAdminUrl(), database);
}
