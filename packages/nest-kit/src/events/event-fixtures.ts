import type { EventEnvelope } from '@salon/contracts';
import type { MigrationInterface, QueryRunner } from 'typeorm';
import { v7 as uuidv7 } from 'uuid';
import { createEventTables, dropEventTables } from './event-tables.js';

/** A valid `identity.user.updated.v1` envelope whose `changed[0]` carries a sequence number (tests, bench). */
export function sampleEvent(aggregateId: string, seq: number, extra: Partial<EventEnvelope> = {}): EventEnvelope {
  return {
    id: uuidv7(),
    type: 'identity.user.updated.v1',
    occurredAt: new Date().toISOString(),
    aggregateType: 'user',
    aggregateId,
    locationId: null,
    actor: { type: 'system', id: null },
    traceparent: null,
    payload: { userId: aggregateId, changed: [String(seq)] },
    ...extra,
  };
}

export const seqOf = (envelope: EventEnvelope) => Number((envelope.payload.changed as string[])[0]);

/** Polls until `check` holds (no fixed sleeps in tests); throws with `what` on timeout. */
export async function waitFor(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** The event tables plus an `effects` table consumers in tests write to. */
export class EventTables1700000000000 implements MigrationInterface {
  name = 'EventTables1700000000000';
  async up(q: QueryRunner) {
    await createEventTables(q);
    await q.query(`CREATE TABLE effects (event_id uuid NOT NULL, consumer text NOT NULL)`);
  }
  async down(q: QueryRunner) {
    await q.query(`DROP TABLE effects`);
    await dropEventTables(q);
  }
}

/** Removes a test run's keys (streams, leases), so Redis does not collect them run after run. */
export async function deleteRedisKeys(url: string, prefix: string): Promise<void> {
  const { Redis } = await import('ioredis');
  const redis = new Redis(url);
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix.replace(/[*?[\]\\]/g, '\\$&')}*`, 'COUNT', 500);
      cursor = next;
      if (keys.length) await redis.del(...keys);
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}
