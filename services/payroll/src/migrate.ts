import 'reflect-metadata';
import { ConfigError, ensureDatabase, runMigrations } from '@salon/nest-kit';
import { loadPayrollConfig } from './config.js';
import { ENTITIES, MIGRATIONS } from './database/schema.js';

/** `npm run migrate -w @salon/payroll`: creates the database if needed and applies migrations. */
try {
  const config = loadPayrollConfig();
  const created = await ensureDatabase(config.DATABASE_URL);
  const applied = await runMigrations(config.DATABASE_URL, { entities: ENTITIES, migrations: MIGRATIONS });
  console.log(JSON.stringify({ service: 'payroll', databaseCreated: created, migrationsApplied: applied }));
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : `payroll migration failed: ${(error as Error).message}`);
  process.exit(1);
}
