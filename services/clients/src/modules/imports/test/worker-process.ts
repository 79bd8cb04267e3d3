import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const SERVICE_DIR = fileURLToPath(new URL('../../../../', import.meta.url));

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.name === 'test' || entry.name.endsWith('.spec.ts')) continue; // not part of the build
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

const mtime = (path: string) => {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return 0;
  }
};

/** The kill test runs the built worker; `npm test` builds first, a direct Vitest run may not have. */
export function ensureWorkerBuilt(): void {
  const worker = join(SERVICE_DIR, 'dist/worker.js');
  if (mtime(worker) >= newestMtime(join(SERVICE_DIR, 'src'))) return;
  const result = spawnSync(process.execPath, [join(SERVICE_DIR, '../../node_modules/typescript/bin/tsc'), '-p', 'tsconfig.build.json'], { cwd: SERVICE_DIR, encoding: 'utf8' });
  // tsc emits even when another part of the service has a type error; the worker is what matters here.
  if (result.status !== 0 && mtime(worker) === 0) throw new Error(`building the service failed:\n${result.stdout}${result.stderr}`);
}

export interface WorkerProcess {
  child: ChildProcess;
  exited: Promise<void>;
  stop(): Promise<void>;
}

/** `node dist/worker.js` with the given environment; resolves once it says it is ready. */
export async function startWorkerProcess(env: Record<string, string>): Promise<WorkerProcess> {
  const child = spawn(process.execPath, ['dist/worker.js'], { cwd: SERVICE_DIR, env: { ...process.env, ...env, WORKER_READY_LINE: '1' }, stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let stderr = '';
  child.stderr!.on('data', (chunk) => (stderr += chunk));
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('clients-worker-ready') && resolve());
    void exited.then(() => reject(new Error(`worker exited before it was ready: ${stderr.slice(-2000)}`)));
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
