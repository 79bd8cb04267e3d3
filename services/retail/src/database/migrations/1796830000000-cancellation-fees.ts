import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * No-show and late-cancel fees charged to the card on file (modules/deposits, cancellation fees):
 * one row per appointment, so two clicks charge once. `attempts` counts the declined or refused
 * charges (each attempt its own Stripe idempotency key); `charged` points at the closed fee ticket.
 */
export class CancellationFees1796830000000 implements MigrationInterface {
  name = 'CancellationFees1796830000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE cancellation_fees (
        appointment_id uuid PRIMARY KEY,
        status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'failed', 'charged')),
        kind text CHECK (kind IN ('no_show', 'late_cancel')),
        amount_minor integer CHECK (amount_minor > 0),
        attempts integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
        reason text,
        failure_reason text,
        ticket_id uuid REFERENCES tickets (id),
        payment_id uuid REFERENCES payments (id),
        charged_by uuid,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL,
        CHECK (status <> 'charged' OR (ticket_id IS NOT NULL AND payment_id IS NOT NULL AND amount_minor IS NOT NULL))
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS cancellation_fees`);
  }
}
