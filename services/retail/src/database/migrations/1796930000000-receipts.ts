import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Receipts. A card tender keeps its card's brand and last four digits when checkout knows them (a
 * card on file), never more, for the receipt. A receipt send is recorded once per ticket and
 * request key, so the same "Send receipt" pressed twice asks messaging once.
 */
export class Receipts1796930000000 implements MigrationInterface {
  name = 'Receipts1796930000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE payments ADD COLUMN card_brand text, ADD COLUMN card_last4 char(4) CHECK (card_last4 ~ '^[0-9]{4}$')`);
    await q.query(`
      CREATE TABLE receipt_sends (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        ticket_id uuid NOT NULL REFERENCES tickets (id),
        client_id uuid NOT NULL,
        channel text NOT NULL CHECK (channel IN ('email', 'sms')),
        idempotency_key text NOT NULL,
        request_fingerprint text NOT NULL,
        requested_by uuid,
        requested_at timestamptz NOT NULL,
        UNIQUE (ticket_id, idempotency_key)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS receipt_sends`);
    await q.query(`ALTER TABLE payments DROP COLUMN IF EXISTS card_brand, DROP COLUMN IF EXISTS card_last4`);
  }
}
