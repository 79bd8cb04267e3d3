import 'reflect-metadata';
import { ConfigError } from '@salon/nest-kit';
import { DataSource } from 'typeorm';
import { loadIdentityConfig } from './config.js';
import { seedDemoSalon } from './database/demo-salon.js';
import { ENTITIES } from './database/schema.js';

/** `npm run seed -w @salon/identity`: the demo salon, once (see demo-salon.ts). */
try {
  const config = loadIdentityConfig();
  const dataSource = new DataSource({ type: 'postgres', url: config.DATABASE_URL, entities: ENTITIES });
  await dataSource.initialize();
  try {
    console.log(JSON.stringify({ service: 'identity', ...(await seedDemoSalon(dataSource)) }));
  } finally {
    await dataSource.destroy();
  }
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : `identity seed failed: ${(error as Error).message}`);
  process.exit(1);
}
