import type { INestApplication, INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { createServiceApp } from '@salon/nest-kit';
import { createTestDatabase, dropRedisKeys, testRedisPrefix, type TestDatabase } from '@salon/nest-kit/testing';
import { TokenService } from '@salon/tokens';
import { createServer } from 'node:net';
import { DataSource } from 'typeorm';
import { AppModule } from '../app.module.js';
import { loadMessagingConfig, type MessagingConfig } from '../config.js';
import { ENTITIES, MIGRATIONS } from '../database/schema.js';
import { WorkerModule } from '../worker.module.js';

export interface MessagingTestApp {
  app: INestApplication;
  worker: INestApplicationContext | null;
  config: MessagingConfig;
  db: TestDatabase;
  /** Where the API listens (also PUBLIC_URL, so providers' callbacks reach it and signatures match). */
  url: string;
  sql<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  token(role: 'admin' | 'staff' | 'client', userId?: string): Promise<string>;
  close(): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
      .once('error', reject)
      .listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as { port: number };
        probe.close(() => resolve(port));
      });
  });
}

/** Fast retries and short leases so failure paths finish in test time. */
export const TEST_DEFAULTS: Record<string, string> = {
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  MESSAGE_BACKOFF_MS: '100',
  MESSAGE_MAX_ATTEMPTS: '3',
  WORKER_LOCK_MS: '2000',
  TWILIO_AUTH_TOKEN: 'test-twilio-auth-token',
};

/** The real API (listening on a free port) and, unless told not to, the real worker, on a database of their own. */
export async function startMessaging(
  suite: string,
  env: Record<string, string> = {},
  options: { worker?: boolean } = {},
): Promise<MessagingTestApp> {
  const db = await createTestDatabase(`messaging_${suite}`, { entities: ENTITIES, migrations: MIGRATIONS });
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const config = loadMessagingConfig({
    ...process.env,
    ...TEST_DEFAULTS,
    DATABASE_URL: db.url,
    REDIS_KEY_PREFIX: testRedisPrefix(suite),
    PUBLIC_URL: url,
    ...env,
  });
  const { app } = await createServiceApp({ name: 'messaging', config, module: AppModule.forRoot(config) });
  await app.listen(port, '127.0.0.1');
  const worker =
    options.worker === false ? null : await NestFactory.createApplicationContext(WorkerModule.forRoot(config), { logger: false });
  await worker?.init();
  const dataSource = new DataSource({ type: 'postgres', url: db.url });
  await dataSource.initialize();
  const tokens = app.get(TokenService);
  return {
    app,
    worker,
    config,
    db,
    url,
    sql: (text, params) => dataSource.query(text, params),
    token: async (role, userId = `${role}-user`) => (await tokens.issue(userId, role)).token,
    async close() {
      await worker?.close();
      await app.close();
      await dataSource.destroy();
      await db.drop();
      await dropRedisKeys(config.REDIS_KEY_PREFIX, config.REDIS_URL);
    },
  };
}

/** Polls until `check` answers something truthy (no fixed sleeps in tests). */
export async function waitFor<T>(check: () => Promise<T | null | undefined | false>, what: string, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
