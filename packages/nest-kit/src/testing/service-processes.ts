import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { Redis } from 'ioredis';

const mtime = (path: string) => {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return 0;
  }
};

function newestSourceMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'test' || entry.name.endsWith('.spec.ts')) continue; // not part of the build
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestSourceMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

/**
 * Tests that run a service's built process (the worker kill tests) build it first when its
 * sources are newer: `npm test` builds everything, a direct Vitest run may not have.
 */
export function ensureServiceBuilt(serviceDir: string, entry = 'dist/worker.js'): void {
  const built = join(serviceDir, entry);
  if (mtime(built) >= newestSourceMtime(join(serviceDir, 'src'))) return;
  const result = spawnSync(process.execPath, [join(serviceDir, '../../node_modules/typescript/bin/tsc'), '-p', 'tsconfig.build.json'], {
    cwd: serviceDir,
    encoding: 'utf8',
  });
  // tsc emits even when another part of the service has a type error; the entry is what matters.
  if (result.status !== 0 && mtime(built) === 0) throw new Error(`building ${serviceDir} failed:\n${result.stdout}${result.stderr}`);
}

export interface ServiceProcess {
  child: ChildProcess;
  exited: Promise<void>;
  stop(): Promise<void>;
}

/** `node <entry>` of a service with the given environment; resolves once it prints `readyLine`. */
export async function startServiceProcess(options: {
  serviceDir: string;
  env: Record<string, string>;
  readyLine: string;
  entry?: string;
  /** Arguments for node itself (a bench's `--cpu-prof --cpu-prof-dir=…`, which NODE_OPTIONS refuses). */
  nodeArgs?: readonly string[];
}): Promise<ServiceProcess> {
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), options.entry ?? 'dist/worker.js'], {
    cwd: options.serviceDir,
    env: { ...process.env, ...options.env, WORKER_READY_LINE: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let stderr = '';
  child.stderr!.on('data', (chunk) => (stderr += chunk));
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes(options.readyLine) && resolve());
    void exited.then(() => reject(new Error(`${options.entry ?? 'worker'} exited before it was ready: ${stderr.slice(-2000)}`)));
  });
  return {
    child,
    exited,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Removes every key a test run wrote under its own prefix. */
export async function dropRedisKeys(prefix: string, url = 'redis://127.0.0.1:6379'): Promise<void> {
  const redis = new Redis(url);
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
      if (keys.length) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}
