import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The cancellation policy's fees (issue 11): what a no-show and a cancellation inside the
 * late-cancel window may be charged (minor units; null = no fee), and whether online booking saves
 * a card on file. Retail reads them through `/api/booking-policies/{locationId}` when staff charge.
 */
export class CancellationFees1796830000000 implements MigrationInterface {
  name = 'CancellationFees1796830000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE location_policies
        ADD COLUMN no_show_fee_minor integer CHECK (no_show_fee_minor >= 0),
        ADD COLUMN late_cancel_fee_minor integer CHECK (late_cancel_fee_minor >= 0),
        ADD COLUMN require_card_online boolean NOT NULL DEFAULT false`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE location_policies DROP COLUMN IF EXISTS no_show_fee_minor, DROP COLUMN IF EXISTS late_cancel_fee_minor, DROP COLUMN IF EXISTS require_card_online`,
    );
  }
}
