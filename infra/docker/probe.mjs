#!/usr/bin/env node
// The container health check (Dockerfile HEALTHCHECK, compose, and the workers' Kubernetes exec
// probes): Node built-ins only, as the image has no curl.
//   node probe.mjs [live|ready]
// A worker (HEARTBEAT_FILE set: it has no port) is healthy while the file its event loop renews
// every 5 s (nest-kit startHeartbeat) is younger than HEARTBEAT_MAX_AGE_MS (default 30 s). An API
// is healthy when GET http://127.0.0.1:$PORT/health/<live|ready> answers 2xx within 3 s.
import { statSync } from 'node:fs';

const kind = process.argv[2] === 'ready' ? 'ready' : 'live';
const heartbeat = process.env.HEARTBEAT_FILE;

if (heartbeat) {
  const maxAge = Number(process.env.HEARTBEAT_MAX_AGE_MS ?? 30_000);
  let age;
  try {
    age = Date.now() - statSync(heartbeat).mtimeMs;
  } catch {
    console.error(`no heartbeat at ${heartbeat}`);
    process.exit(1);
  }
  if (age > maxAge) console.error(`heartbeat ${Math.round(age / 1000)} s old`);
  process.exit(age <= maxAge ? 0 : 1);
} else {
  const url = `http://127.0.0.1:${process.env.PORT}/health/${kind}`;
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(3000) });
    if (!res.ok) console.error(`${url}: ${res.status}`);
    process.exit(res.ok ? 0 : 1);
  } catch (error) {
    console.error(`${url}: ${error.message}`);
    process.exit(1);
  }
}
