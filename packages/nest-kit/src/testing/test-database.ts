import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { DataSourceOptions } from 'typeorm';
import { runMigrations } from '../database/migration-runner.js';

export interface TestDatabase {
  url: string;
  name: string;
  drop(): Promise<void>;
}

const ADMIN_URL = process.env.TEST_DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/**
 * Gives a test suite a database of its own (DESIGN §8: tests never share data), migrated with the
 * service's migrations. Dropped at the end; a crashed run's leftovers are named `test_<suite>_…`.
 */
export async function createTestDatabase(
  suite: string,
  options: Pick<DataSourceOptions, 'migrations' | 'entities'>,
): Promise<TestDatabase> {
  const name = `test_${suite.replace(/[^a-z0-9]/gi, '_').toLowerCase()}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  await runMigrations(url.toString(), options);
  return {
    url: url.toString(),
    name,
    async drop() {
      const client = new pg.Client({ connectionString: ADMIN_URL });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}

/** A Redis key prefix no other test run shares. */
export function testRedisPrefix(suite: string): string {
  return `test:${suite}:${randomBytes(4).toString('hex')}:`;
}
