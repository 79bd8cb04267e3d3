import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import {
  createTestDatabase,
  ensureServiceBuilt,
  startServiceProcess,
  type ServiceProcess,
  type TestDatabase,
} from '@salon/nest-kit/testing';
import { DataSource } from 'typeorm';
import { freePort } from './messaging-app.js';

const CLIENTS_DIR = fileURLToPath(new URL('../../../clients', import.meta.url));

export interface ClientsService {
  url: string;
  sql<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
}

/**
 * The real clients service next to messaging, for the consent round trip: its built API (with its
 * outbox relay) and worker (its event consumers) as child processes on a database of their own,
 * sharing messaging's Redis prefix so both talk over the same event streams.
 */
export async function startClientsService(redisKeyPrefix: string): Promise<ClientsService> {
  ensureServiceBuilt(CLIENTS_DIR, 'dist/main.js');
  ensureServiceBuilt(CLIENTS_DIR, 'dist/worker.js');
  const db: TestDatabase = await createTestDatabase('messaging_consent_clients', { entities: [], migrations: [] });
  const port = await freePort();
  const env = {
    NODE_ENV: 'test',
    DATABASE_URL: db.url,
    REDIS_KEY_PREFIX: redisKeyPrefix,
    PORT: String(port),
    HOST: '127.0.0.1',
    EVENT_RELAY_INTERVAL_MS: '50',
  };
  const migrated = spawnSync(process.execPath, ['dist/migrate.js'], {
    cwd: CLIENTS_DIR,
    env: { ...process.env, ...env },
    encoding: 'utf8',
  });
  if (migrated.status !== 0) throw new Error(`clients migration failed: ${migrated.stderr}`);
  const processes: ServiceProcess[] = [];
  const dataSource = new DataSource({ type: 'postgres', url: db.url });
  try {
    // The API logs its listening line at info; the worker prints a ready line of its own.
    processes.push(
      await startServiceProcess({
        serviceDir: CLIENTS_DIR,
        entry: 'dist/main.js',
        env: { ...env, LOG_LEVEL: 'info' },
        readyLine: 'clients listening on',
      }),
    );
    processes.push(
      await startServiceProcess({ serviceDir: CLIENTS_DIR, env: { ...env, LOG_LEVEL: 'silent' }, readyLine: 'clients-worker-ready' }),
    );
    await dataSource.initialize();
  } catch (error) {
    await Promise.all(processes.map((p) => p.stop()));
    await db.drop();
    throw error;
  }
  return {
    url: `http://127.0.0.1:${port}`,
    sql: (text, params) => dataSource.query(text, params),
    async close() {
      await Promise.all(processes.map((p) => p.stop()));
      await dataSource.destroy();
      await db.drop();
    },
  };
}
