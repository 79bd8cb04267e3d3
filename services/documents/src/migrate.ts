import 'reflect-metadata';
import { ConfigError, ensureDatabase, runMigrations } from '@salon/nest-kit';
import { loadDocumentsConfig } from './config.js';
import { ENTITIES, MIGRATIONS } from './database/schema.js';

/** `npm run migrate -w @salon/documents`: creates the database if needed and applies migrations. */
try {
  const config = loadDocumentsConfig();
  const created = await ensureDatabase(config.DATABASE_URL);
  const applied = await runMigrations(config.DATABASE_URL, { entities: ENTITIES, migrations: MIGRATIONS });
  console.log(JSON.stringify({ service: 'documents', databaseCreated: created, migrationsApplied: applied }));
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : `documents migration failed: ${(error as Error).message}`);
  process.exit(1);
}
