import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Card payments through Stripe. A card tender keeps its PaymentIntent id (`provider_ref`, one
 * tender per intent), why its last attempt failed, and the link the client confirms on; a refund
 * keeps Stripe's refund id, so a charge.refunded webhook never records one twice. Clients get a
 * Stripe customer once; their saved cards are kept as brand, last four and expiry only. Card
 * readers are registered per location.
 */
export class CardPayments1796500000000 implements MigrationInterface {
  name = 'CardPayments1796500000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE payments ADD COLUMN failure_reason text, ADD COLUMN action_url text, ADD COLUMN reader_id text,
      ADD COLUMN tip_minor integer NOT NULL DEFAULT 0 CHECK (tip_minor >= 0)`);
    await q.query(`CREATE UNIQUE INDEX payments_provider_ref_key ON payments (provider_ref) WHERE provider_ref IS NOT NULL`);
    await q.query(`ALTER TABLE refunds ADD COLUMN provider_ref text UNIQUE`);
    await q.query(`
      CREATE TABLE card_customers (
        client_id uuid PRIMARY KEY,
        customer_id text NOT NULL UNIQUE,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE saved_cards (
        id text PRIMARY KEY,
        client_id uuid NOT NULL,
        customer_id text NOT NULL,
        brand text NOT NULL,
        last4 char(4) NOT NULL,
        exp_month integer NOT NULL CHECK (exp_month BETWEEN 1 AND 12),
        exp_year integer NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX saved_cards_client_idx ON saved_cards (client_id, created_at)`);
    await q.query(`
      CREATE TABLE card_readers (
        id text PRIMARY KEY,
        location_id uuid NOT NULL,
        label text NOT NULL,
        device_type text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX card_readers_location_idx ON card_readers (location_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS card_readers, saved_cards, card_customers`);
    await q.query(`ALTER TABLE refunds DROP COLUMN IF EXISTS provider_ref`);
    await q.query(`DROP INDEX IF EXISTS payments_provider_ref_key`);
    await q.query(`ALTER TABLE payments DROP COLUMN IF EXISTS failure_reason, DROP COLUMN IF EXISTS action_url, DROP COLUMN IF EXISTS reader_id,
      DROP COLUMN IF EXISTS tip_minor`);
  }
}
