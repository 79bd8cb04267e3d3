import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Card holds (issue 11): an online booking at a location requiring a card saves one on file through
 * a SetupIntent (`kind = 'card'`, amount 0, `intent_id` the SetupIntent's id) and ends `card_saved`,
 * a state no tender, refund or kept deposit ever reads. A deposit there also saves its card (`save_card`).
 */
export class BookingCardHolds1796961300000 implements MigrationInterface {
  name = 'BookingCardHolds1796961300000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE booking_deposits
        ADD COLUMN kind text NOT NULL DEFAULT 'deposit' CHECK (kind IN ('deposit', 'card')),
        ADD COLUMN save_card boolean NOT NULL DEFAULT false,
        DROP CONSTRAINT booking_deposits_amount_minor_check,
        ADD CONSTRAINT booking_deposits_amount_minor_check CHECK (amount_minor > 0 OR (kind = 'card' AND amount_minor = 0)),
        DROP CONSTRAINT booking_deposits_status_check,
        ADD CONSTRAINT booking_deposits_status_check CHECK (
          status IN ('awaiting_payment', 'authorized', 'held', 'applied', 'refunded', 'forfeited', 'released', 'failed', 'card_saved')
          AND (status <> 'card_saved' OR kind = 'card')
          AND (kind = 'deposit' OR status IN ('awaiting_payment', 'authorized', 'released', 'failed', 'card_saved')))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM booking_deposits WHERE kind = 'card'`);
    await q.query(`
      ALTER TABLE booking_deposits
        DROP CONSTRAINT booking_deposits_amount_minor_check,
        ADD CONSTRAINT booking_deposits_amount_minor_check CHECK (amount_minor > 0),
        DROP CONSTRAINT booking_deposits_status_check,
        ADD CONSTRAINT booking_deposits_status_check CHECK (
          status IN ('awaiting_payment', 'authorized', 'held', 'applied', 'refunded', 'forfeited', 'released', 'failed')),
        DROP COLUMN kind, DROP COLUMN save_card`);
  }
}
