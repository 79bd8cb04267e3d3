import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A client's lifetime spend and last purchase, projected from retail's closed tickets and refunds
 * (modules/purchases). Money in minor units; existing clients start at zero and the history
 * events (the demo's past sales) fill them in.
 */
export class ClientSpend1797700000000 implements MigrationInterface {
  name = 'ClientSpend1797700000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE clients ADD COLUMN lifetime_spend_minor bigint NOT NULL DEFAULT 0, ADD COLUMN last_purchase_at timestamptz`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE clients DROP COLUMN lifetime_spend_minor, DROP COLUMN last_purchase_at`);
  }
}
