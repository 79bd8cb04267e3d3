#!/usr/bin/env node
// The local S3-compatible server (s3rver from npm) in a child process: the documents service
// stores signatures, submission PDFs and documents through @aws-sdk/client-s3 against it
// (S3_ENDPOINT), presigned GET links included. It does not check signatures; any key pair works.
// It does refuse requests signed more than 15 minutes away from its own clock, so it runs in a
// process of its own with the environment it is given (the browser walk's shifted clock).
//
//   import { startLocalS3 } from './infra/local/s3-server.mjs'
//   const s3 = await startLocalS3({ port: 8008 })   // port 0 picks a free one
//   s3.url; await s3.stop()
//   node infra/local/s3-server.mjs --port 8008 [--host 127.0.0.1] [--directory .local/s3]
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

const EXIT_WITH_PARENT = fileURLToPath(new URL('./exit-with-parent.cjs', import.meta.url));

const require = createRequire(import.meta.url);

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

/**
 * `directory`: where objects are kept (default: a fresh temporary folder, removed on stop).
 * `env`: the server process's environment (default this process's).
 */
export async function startLocalS3({ port = 8008, host = '127.0.0.1', directory, env = process.env, timeoutMs = 15_000 } = {}) {
  const chosen = port === 0 ? await freePort(host) : port;
  const temporary = !directory;
  const dir = directory ?? mkdtempSync(join(tmpdir(), 'salon-s3-'));
  const url = `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${chosen}`;
  const child = spawn(
    process.execPath,
    ['--require', EXIT_WITH_PARENT, fileURLToPath(import.meta.url), '--port', String(chosen), '--host', host, '--directory', dir],
    {
      env,
      stdio: ['pipe', 'ignore', 'ignore'],
    },
  );
  let exited = null;
  child.once('exit', (code) => (exited = { code }));
  const cleanup = () => temporary && rmSync(dir, { recursive: true, force: true });
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (exited) {
      cleanup();
      throw new Error(`s3rver exited before answering (code ${exited.code}); is port ${chosen} taken?`);
    }
    try {
      await fetch(`${url}/`);
      break; // any answer (it refuses an unsigned listing) means it is up
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      cleanup();
      throw new Error(`s3rver did not answer on ${url} within ${timeoutMs} ms`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    port: chosen,
    directory: dir,
    pid: child.pid,
    stop() {
      if (exited) return Promise.resolve(cleanup());
      return new Promise((resolve) => {
        child.once('exit', () => resolve(cleanup()));
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 3000).unref();
      });
    },
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { values } = parseArgs({
    options: { port: { type: 'string', default: '8008' }, host: { type: 'string', default: '127.0.0.1' }, directory: { type: 'string' } },
  });
  // Node writes the Date header from its own unshifted clock, and the AWS SDK corrects its clock
  // from that header: on the walk's shifted clock every signature would then be "too skewed".
  // The header is written from this process's (possibly shifted) Date instead.
  const { ServerResponse } = await import('node:http');
  const writeHead = ServerResponse.prototype.writeHead;
  ServerResponse.prototype.writeHead = function (...args) {
    if (!this.headersSent) this.setHeader('Date', new Date().toUTCString());
    return writeHead.apply(this, args);
  };
  const S3rver = require('s3rver');
  const directory = values.directory ?? join(tmpdir(), 'salon-s3');
  mkdirSync(directory, { recursive: true });
  const server = new S3rver({ port: Number(values.port), address: values.host, directory, silent: true });
  const address = await server.run();
  console.log(`local S3 (s3rver) on http://${values.host}:${address.port}, objects in ${directory}`);
  const stop = () => server.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
