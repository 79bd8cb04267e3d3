#!/usr/bin/env node
// The local S3-compatible server (s3rver from npm) in this process: the documents service stores
// signatures, submission PDFs and documents through @aws-sdk/client-s3 against it (S3_ENDPOINT),
// presigned GET links included. It does not check signatures; any key pair works.
//
//   import { startLocalS3 } from './infra/local/s3-server.mjs'
//   const s3 = await startLocalS3({ port: 8008 })   // port 0 picks a free one
//   s3.url; await s3.stop()
//   node infra/local/s3-server.mjs --port 8008 [--host 127.0.0.1] [--directory .local/s3]
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

const require = createRequire(import.meta.url);

/**
 * `directory`: where objects are kept (default: a fresh temporary folder, removed on stop).
 * `buckets`: created at start (the service also creates its own bucket when missing).
 */
export async function startLocalS3({ port = 8008, host = '127.0.0.1', directory, buckets = [] } = {}) {
  const S3rver = require('s3rver');
  const temporary = !directory;
  const dir = directory ?? mkdtempSync(join(tmpdir(), 'salon-s3-'));
  mkdirSync(dir, { recursive: true });
  const server = new S3rver({
    port,
    address: host,
    directory: dir,
    silent: true,
    configureBuckets: buckets.map((name) => ({ name })),
  });
  let address;
  try {
    address = await server.run();
  } catch (error) {
    if (temporary) rmSync(dir, { recursive: true, force: true });
    throw new Error(`s3rver could not listen on ${host}:${port} (${error.message}); is the port taken?`);
  }
  const url = `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${address.port}`;
  return {
    url,
    port: address.port,
    directory: dir,
    async stop() {
      await server.close();
      if (temporary) rmSync(dir, { recursive: true, force: true });
    },
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { values } = parseArgs({
    options: { port: { type: 'string', default: '8008' }, host: { type: 'string', default: '127.0.0.1' }, directory: { type: 'string' } },
  });
  const s3 = await startLocalS3({ port: Number(values.port), host: values.host, directory: values.directory });
  console.log(`local S3 (s3rver) on ${s3.url}, objects in ${s3.directory}`);
  const stop = () => s3.stop().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
