import type { INestApplication } from '@nestjs/common';
import { createServiceApp } from '@salon/nest-kit';
import { createTestDatabase, testRedisPrefix, type TestDatabase } from '@salon/nest-kit/testing';
import { DataSource } from 'typeorm';
import { AppModule } from '../app.module.js';
import { loadIdentityConfig, type IdentityConfig } from '../config.js';
import { seedDemoSalon } from '../database/demo-salon.js';
import { ENTITIES, MIGRATIONS } from '../database/schema.js';

export interface IdentityTestApp {
  app: INestApplication;
  config: IdentityConfig;
  db: TestDatabase;
  close(): Promise<void>;
}

/** The real identity app on a database of its own, seeded with the demo salon. */
export async function startIdentity(suite: string, env: Record<string, string> = {}): Promise<IdentityTestApp> {
  const db = await createTestDatabase(`identity_${suite}`, { entities: ENTITIES, migrations: MIGRATIONS });
  const config = loadIdentityConfig({
    ...process.env,
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATABASE_URL: db.url,
    REDIS_KEY_PREFIX: testRedisPrefix(suite),
    ...env,
  });
  const dataSource = new DataSource({ type: 'postgres', url: db.url, entities: ENTITIES });
  await dataSource.initialize();
  await seedDemoSalon(dataSource);
  await dataSource.destroy();
  const { app } = await createServiceApp({ name: 'identity', config, module: AppModule.forRoot(config) });
  await app.init();
  return {
    app,
    config,
    db,
    async close() {
      await app.close();
      await db.drop();
    },
  };
}
