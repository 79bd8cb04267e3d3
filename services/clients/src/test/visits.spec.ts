import { randomUUID } from 'node:crypto';
import type { EventEnvelope } from '@salon/contracts';
import type { EventTransport } from '@salon/nest-kit';
import type { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startClientsWorker, type ClientsTestWorker } from './clients-app.js';

// The worker process as it runs: a completed appointment published by scheduling moves the client's last visit.
let worker: ClientsTestWorker;
let sql: DataSource;
let transport: EventTransport;
beforeAll(async () => {
  worker = await startClientsWorker('visits');
  ({ sql, transport } = worker);
});
afterAll(() => worker?.close());

const completed = (clientId: string, startsAt: string): EventEnvelope => ({
  id: randomUUID(),
  type: 'scheduling.appointment.completed.v1',
  occurredAt: new Date().toISOString(),
  aggregateType: 'appointment',
  aggregateId: randomUUID(),
  locationId: null,
  actor: { type: 'user', id: null },
  traceparent: null,
  payload: {
    appointmentId: randomUUID(),
    clientId,
    staffId: randomUUID(),
    serviceId: randomUUID(),
    startsAt,
    priceMinor: 5500,
    currency: 'USD',
  },
});
const lastVisit = async (id: string) =>
  ((await sql.query(`SELECT last_visit_at FROM clients WHERE id = $1`, [id]))[0].last_visit_at as Date | null)?.toISOString() ?? null;
async function until(check: () => Promise<boolean>, what: string) {
  for (let i = 0; i < 200; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe('visits from scheduling', () => {
  it('moves the last visit forward only, once per event, and onto the survivor of a merge', async () => {
    const [ana] = await sql.query(`INSERT INTO clients (first_name, last_name) VALUES ('Ana', 'Silva') RETURNING id`);
    const [dup] = await sql.query(`INSERT INTO clients (first_name, last_name, merged_into) VALUES ('Ana', 'S.', $1) RETURNING id`, [
      ana.id,
    ]);
    const visit = completed(ana.id, '2026-11-20T16:00:00.000Z');
    await transport.publish([visit]);
    await until(async () => (await lastVisit(ana.id)) === '2026-11-20T16:00:00.000Z', 'the first visit');
    // An older visit arriving late does not move it back; the same event again changes nothing.
    const older = completed(ana.id, '2026-11-02T16:00:00.000Z');
    await transport.publish([older, visit]);
    await until(async () => (await sql.query(`SELECT 1 FROM inbox WHERE event_id = $1`, [older.id])).length === 1, 'the older visit');
    expect(await lastVisit(ana.id)).toBe('2026-11-20T16:00:00.000Z');
    const newerViaDuplicate = completed(dup.id, '2026-11-21T15:00:00.000Z');
    await transport.publish([newerViaDuplicate]);
    await until(async () => (await lastVisit(ana.id)) === '2026-11-21T15:00:00.000Z', 'the visit of the merged-away profile');
    const handled = await sql.query(`SELECT event_id FROM inbox WHERE type = 'scheduling.appointment.completed.v1'`);
    expect(handled.map((r: { event_id: string }) => r.event_id).sort()).toEqual([visit.id, older.id, newerViaDuplicate.id].sort());
    expect(await lastVisit(dup.id)).toBeNull();
  });
});
