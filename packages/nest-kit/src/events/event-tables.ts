import type { QueryRunner } from 'typeorm';

/** The channel OutboxWriter notifies in the transaction that appends (delivered on commit, per database); OutboxRelay LISTENs on it. */
export const OUTBOX_CHANNEL = 'salon_outbox';

/**
 * The outbox and inbox every service keeps in its own database (DESIGN §3). A service's
 * migration calls this once. Outbox rows commit with the state change; the relay publishes them
 * in `seq` order per aggregate and stamps `published_at`. Inbox rows commit with a consumer's
 * effect, so a redelivered event (same consumer, same id) changes nothing.
 */
export async function createEventTables(q: QueryRunner): Promise<void> {
  await q.query(`
    CREATE TABLE outbox (
      seq bigserial PRIMARY KEY,
      id uuid NOT NULL UNIQUE,
      type text NOT NULL,
      aggregate_type text NOT NULL,
      aggregate_id text NOT NULL,
      envelope jsonb NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      published_at timestamptz,
      attempts integer NOT NULL DEFAULT 0,
      last_error text
    )`);
  await q.query(`CREATE INDEX outbox_unpublished_idx ON outbox (seq) WHERE published_at IS NULL`);
  await q.query(`
    CREATE TABLE inbox (
      consumer text NOT NULL,
      event_id uuid NOT NULL,
      type text NOT NULL,
      processed_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (consumer, event_id)
    )`);
}

export async function dropEventTables(q: QueryRunner): Promise<void> {
  await q.query(`DROP TABLE IF EXISTS inbox, outbox`);
}
