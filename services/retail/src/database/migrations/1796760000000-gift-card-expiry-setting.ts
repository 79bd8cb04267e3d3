import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A location's gift card expiry: whole years from issue (never fewer than five, US rules), null for
 * never. Read when a card is issued; each card keeps its own `expires_at` from then on.
 */
export class GiftCardExpirySetting1796760000000 implements MigrationInterface {
  name = 'GiftCardExpirySetting1796760000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE pos_settings ADD COLUMN gift_card_expiry_years integer CHECK (gift_card_expiry_years IS NULL OR gift_card_expiry_years BETWEEN 5 AND 50)`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE pos_settings DROP COLUMN IF EXISTS gift_card_expiry_years`);
  }
}
