import { fileURLToPath } from 'node:url';
import { ensureServiceBuilt, startServiceProcess, type ServiceProcess } from '@salon/nest-kit/testing';

export const SERVICE_DIR = fileURLToPath(new URL('../..', import.meta.url));

export type WorkerProcess = ServiceProcess;

export const ensureWorkerBuilt = (): void => ensureServiceBuilt(SERVICE_DIR);

/** `node dist/worker.js` with the given environment; resolves once it says it is ready. */
export const startWorkerProcess = (env: Record<string, string>): Promise<WorkerProcess> =>
  startServiceProcess({ serviceDir: SERVICE_DIR, env, readyLine: 'messaging-worker-ready' });
