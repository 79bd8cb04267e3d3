#!/usr/bin/env node
// The local SES-compatible server (aws-ses-v2-local from npm) in a child process: the messaging
// service sends through @aws-sdk/client-ses to it (SES_ENDPOINT), and its web view at `url`
// shows every e-mail. GET `${url}/store` lists them as JSON; POST `${url}/clear-store` empties it.
//
//   import { startLocalSes } from './infra/local/ses-server.mjs'
//   const ses = await startLocalSes({ port: 8005 })   // port 0 picks a free one
//   await ses.emails(); await ses.clear(); await ses.stop()
//   node infra/local/ses-server.mjs --port 8005
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

const require = createRequire(import.meta.url);

function cliPath() {
  const pkg = require.resolve('aws-ses-v2-local/package.json', { paths: [process.cwd(), dirname(new URL(import.meta.url).pathname)] });
  return join(dirname(pkg), 'dist', 'cli.js');
}

function freePort(host) {
  return new Promise((resolve, reject) => {
    const probe = createServer()
      .once('error', reject)
      .listen(0, host, () => {
        const { port } = probe.address();
        probe.close(() => resolve(port));
      });
  });
}

/** `env`: the server process's environment (default this process's; the browser walk passes its shifted clock). */
export async function startLocalSes({ port = 8005, host = '127.0.0.1', timeoutMs = 15_000, stdio = 'ignore', env = process.env } = {}) {
  const chosen = port === 0 ? await freePort(host) : port;
  const url = `http://${host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host}:${chosen}`;
  const child = spawn(process.execPath, [cliPath(), '--port', String(chosen), '--host', host], { env, stdio: ['ignore', stdio, stdio] });
  let exited = null;
  child.once('exit', (code, signal) => (exited = { code, signal }));

  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (exited) throw new Error(`aws-ses-v2-local exited before answering (code ${exited.code}); is port ${chosen} taken?`);
    try {
      const res = await fetch(`${url}/health-check`);
      if (res.ok) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`aws-ses-v2-local did not answer on ${url} within ${timeoutMs} ms`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }

  return {
    url,
    port: chosen,
    pid: child.pid,
    /** Every e-mail the server received: { messageId, from, destination: { to }, subject, body: { text, html }, at }. */
    async emails() {
      const res = await fetch(`${url}/store`);
      return (await res.json()).emails;
    },
    async clear() {
      await fetch(`${url}/clear-store`, { method: 'POST' });
    },
    stop() {
      if (exited) return Promise.resolve();
      return new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 3000).unref();
      });
    },
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { values } = parseArgs({ options: { port: { type: 'string', default: '8005' }, host: { type: 'string', default: '127.0.0.1' } } });
  const ses = await startLocalSes({ port: Number(values.port), host: values.host, stdio: 'inherit' });
  console.log(`local SES: ${ses.url} (web view), ${ses.url}/store (JSON)`);
  const stop = () => ses.stop().then(() => process.exit(0));
  process.on('SIGINT', stop).on('SIGTERM', stop);
}
