import { createEventTables } from '@salon/nest-kit';
import type { MigrationInterface, QueryRunner } from 'typeorm';

export class MessagingInitial1763800000000 implements MigrationInterface {
  name = 'MessagingInitial1763800000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TYPE message_channel AS ENUM ('email', 'sms')`);
    await q.query(`CREATE TYPE message_status AS ENUM ('queued', 'sending', 'sent', 'delivered', 'failed', 'suppressed')`);
    // One row per message the platform means to send; the idempotency key makes a repeated
    // request (a redelivered event, a double click) land on the same row, and the row's status
    // is what stops a retried job from sending twice.
    await q.query(`
      CREATE TABLE messages (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        idempotency_key text NOT NULL UNIQUE,
        channel message_channel NOT NULL,
        recipient text NOT NULL,
        sender text NOT NULL,
        subject text,
        body_text text NOT NULL,
        body_html text,
        purpose text NOT NULL,
        sensitive boolean NOT NULL DEFAULT false,
        status message_status NOT NULL DEFAULT 'queued',
        provider text,
        provider_message_id text,
        attempts integer NOT NULL DEFAULT 0,
        last_error text,
        created_by text,
        attempt_started_at timestamptz,
        lease_expires_at timestamptz,
        queued_at timestamptz NOT NULL DEFAULT now(),
        sent_at timestamptz,
        delivered_at timestamptz,
        failed_at timestamptz,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(
      `CREATE UNIQUE INDEX messages_provider_message_id_key ON messages (provider, provider_message_id) WHERE provider_message_id IS NOT NULL`,
    );
    await q.query(`CREATE INDEX messages_queued_at_idx ON messages (queued_at DESC)`);
    await q.query(`CREATE INDEX messages_unfinished_idx ON messages (queued_at) WHERE status IN ('queued', 'sending')`);
    await q.query(`
      CREATE TABLE sms_consent (
        phone text PRIMARY KEY CHECK (phone ~ '^\\+[1-9][0-9]{6,14}$'),
        opted_out boolean NOT NULL,
        changed_at timestamptz NOT NULL DEFAULT now(),
        source text NOT NULL
      )`);
    await createEventTables(q);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS inbox, outbox, sms_consent, messages`);
    await q.query(`DROP TYPE IF EXISTS message_status`);
    await q.query(`DROP TYPE IF EXISTS message_channel`);
  }
}
