import 'reflect-metadata';
import { ConfigError } from '@salon/nest-kit';
import { DataSource } from 'typeorm';
import { loadClientsConfig } from './config.js';
import { seedDemoClients } from './database/demo-clients.js';
import { ENTITIES } from './database/schema.js';

/** `npm run seed -w @salon/clients`: the demo salon's clients, notes and note templates, once (see demo-clients.ts). */
try {
  const config = loadClientsConfig();
  const dataSource = new DataSource({ type: 'postgres', url: config.DATABASE_URL, entities: ENTITIES });
  await dataSource.initialize();
  try {
    console.log(JSON.stringify({ service: 'clients', ...(await seedDemoClients(dataSource)) }));
  } finally {
    await dataSource.destroy();
  }
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : `clients seed failed: ${(error as Error).message}`);
  process.exit(1);
}
