import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Card holds (issue 11): at a location whose policy requires a card online, a booking whose services
 * take no deposit is held until a card is saved on file (`kind = 'card'`, amount 0, nothing charged);
 * a deposit hold there also saves its card (`save_card`).
 */
export class CardHolds1796961300000 implements MigrationInterface {
  name = 'CardHolds1796961300000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE appointment_deposits
        ADD COLUMN kind text NOT NULL DEFAULT 'deposit' CHECK (kind IN ('deposit', 'card')),
        ADD COLUMN save_card boolean NOT NULL DEFAULT false,
        DROP CONSTRAINT appointment_deposits_amount_minor_check,
        ADD CONSTRAINT appointment_deposits_amount_minor_check CHECK (amount_minor > 0 OR (kind = 'card' AND amount_minor = 0))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM appointment_deposits WHERE kind = 'card'`);
    await q.query(`
      ALTER TABLE appointment_deposits
        DROP CONSTRAINT appointment_deposits_amount_minor_check,
        ADD CONSTRAINT appointment_deposits_amount_minor_check CHECK (amount_minor > 0),
        DROP COLUMN kind, DROP COLUMN save_card`);
  }
}
