import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Receipts retail asked to send (retail.receipt.requested.v1): one row per send id, either the
 * message it became (its status is the message's) or the reason it was refused (no SMS consent,
 * STOP, no address), so the desk sees how the receipt went.
 */
export class ReceiptSends1765800000000 implements MigrationInterface {
  name = 'ReceiptSends1765800000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE receipt_sends (
        send_id text PRIMARY KEY,
        ticket_id text NOT NULL,
        client_id text NOT NULL,
        channel text NOT NULL CHECK (channel IN ('email', 'sms')),
        message_id uuid REFERENCES messages (id),
        refused_reason text,
        created_at timestamptz NOT NULL DEFAULT now(),
        CHECK ((message_id IS NULL) <> (refused_reason IS NULL))
      )`);
    await q.query(`CREATE INDEX receipt_sends_ticket_idx ON receipt_sends (ticket_id, created_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS receipt_sends`);
  }
}
