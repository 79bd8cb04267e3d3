import { randomUUID } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import type { EventEnvelope } from '@salon/contracts';
import { EVENT_TRANSPORT, type EventTransport } from '@salon/nest-kit';
import { createTestDatabase, dropRedisKeys, testRedisPrefix, type TestDatabase } from '@salon/nest-kit/testing';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadRetailConfig } from '../config.js';
import { ENTITIES, MIGRATIONS } from '../database/schema.js';
import { WorkerModule } from '../worker.module.js';
import { CLIENT, LOCATION } from './retail-app.js';

// The worker process as it runs: a merge published by the clients service moves the merged client's sales to the survivor.
let db: TestDatabase;
let app: INestApplication;
let sql: DataSource;
const prefix = testRedisPrefix('retail-merges');

beforeAll(async () => {
  db = await createTestDatabase('retail_merges', { entities: ENTITIES, migrations: MIGRATIONS });
  const config = loadRetailConfig({
    ...process.env,
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATABASE_URL: db.url,
    REDIS_KEY_PREFIX: prefix,
  });
  app = (await Test.createTestingModule({ imports: [WorkerModule.forRoot(config)] }).compile()).createNestApplication({ logger: false });
  await app.init();
  sql = app.get(DataSource);
});
afterAll(async () => {
  await app?.close();
  await db?.drop();
  await dropRedisKeys(prefix);
});

const merged = (survivorId: string, mergedId: string): EventEnvelope => ({
  id: randomUUID(),
  type: 'clients.client.merged.v1',
  occurredAt: new Date().toISOString(),
  aggregateType: 'client',
  aggregateId: survivorId,
  locationId: null,
  actor: { type: 'user', id: null },
  traceparent: null,
  payload: { survivorId, mergedId },
});

async function until(check: () => Promise<boolean>, what: string) {
  for (let i = 0; i < 200; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe('client merges from the clients service', () => {
  it("moves the merged client's tickets and payments to the survivor, once", async () => {
    const [ticket] = await sql.query(
      `INSERT INTO tickets (location_id, client_id, service_tax_ppm, product_tax_ppm, discount_limit_bps, opened_at, total_minor, paid_minor)
       VALUES ($1, $2, 0, 0, 2000, now(), 5500, 5500) RETURNING id`,
      [LOCATION, CLIENT(2)],
    );
    await sql.query(
      `INSERT INTO payments (ticket_id, location_id, client_id, method, status, amount_minor, currency, idempotency_key, request_fingerprint, created_at)
       VALUES ($1, $2, $3, 'cash', 'succeeded', 5500, 'USD', 'merge-test-key', 'x', now())`,
      [ticket.id, LOCATION, CLIENT(2)],
    );
    const event = merged(CLIENT(1), CLIENT(2));
    const transport = app.get<EventTransport>(EVENT_TRANSPORT);
    await transport.publish([event, event]);
    await until(async () => (await sql.query(`SELECT 1 FROM tickets WHERE client_id = $1`, [CLIENT(1)])).length === 1, 'the merge');
    expect(await sql.query(`SELECT client_id FROM payments WHERE ticket_id = $1`, [ticket.id])).toEqual([{ client_id: CLIENT(1) }]);
    expect(await sql.query(`SELECT count(*)::int AS n FROM inbox WHERE event_id = $1`, [event.id])).toEqual([{ n: 1 }]);
  });
});
