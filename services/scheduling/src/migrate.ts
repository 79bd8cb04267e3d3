import 'reflect-metadata';
import { ConfigError, ensureDatabase, runMigrations } from '@salon/nest-kit';
import { loadSchedulingConfig } from './config.js';
import { ENTITIES, MIGRATIONS } from './database/schema.js';

/** `npm run migrate -w @salon/scheduling`: creates the database if needed and applies migrations. */
try {
  const config = loadSchedulingConfig();
  const created = await ensureDatabase(config.DATABASE_URL);
  const applied = await runMigrations(config.DATABASE_URL, { entities: ENTITIES, migrations: MIGRATIONS });
  console.log(JSON.stringify({ service: 'scheduling', databaseCreated: created, migrationsApplied: applied }));
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : `scheduling migration failed: ${(error as Error).message}`);
  process.exit(1);
}
