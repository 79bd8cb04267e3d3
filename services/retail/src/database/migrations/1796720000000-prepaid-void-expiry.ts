import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Prepaid value voided and expired. Gift card entries gain `voided` (the ticket that sold the card
 * was refunded with voidPrepaid); credit entries gain `voided` and `expired` (the expiry job took a
 * package's sessions left). One `voided` entry at most per card or holding (a unique index). The
 * expiry job is idempotent by its conditional take under the row's lock (a second run finds nothing
 * left); `expired` may repeat when a refund puts value back on a card after it expired.
 */
export class PrepaidVoidExpiry1796720000000 implements MigrationInterface {
  name = 'PrepaidVoidExpiry1796720000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE gift_card_entries DROP CONSTRAINT IF EXISTS gift_card_entries_kind_check`);
    await q.query(
      `ALTER TABLE gift_card_entries ADD CONSTRAINT gift_card_entries_kind_check CHECK (kind IN ('issued', 'redeemed', 'refunded', 'adjusted', 'expired', 'voided'))`,
    );
    await q.query(
      `ALTER TABLE gift_card_entries ADD CONSTRAINT gift_card_entries_voided_sign CHECK (kind <> 'voided' OR amount_minor < 0)`,
    );
    await q.query(`CREATE UNIQUE INDEX gift_card_entries_once_idx ON gift_card_entries (gift_card_id) WHERE kind = 'voided'`);
    await q.query(`ALTER TABLE prepaid_credit_entries DROP CONSTRAINT IF EXISTS prepaid_credit_entries_kind_check`);
    await q.query(
      `ALTER TABLE prepaid_credit_entries ADD CONSTRAINT prepaid_credit_entries_kind_check CHECK (kind IN ('granted', 'redeemed', 'restored', 'reset', 'voided', 'expired'))`,
    );
    await q.query(
      `ALTER TABLE prepaid_credit_entries ADD CONSTRAINT prepaid_credit_entries_taking_sign CHECK (kind NOT IN ('voided', 'expired') OR credits < 0)`,
    );
    await q.query(
      `CREATE UNIQUE INDEX prepaid_credit_entries_once_idx ON prepaid_credit_entries (client_prepaid_id) WHERE kind = 'voided'`,
    );
    await q.query(`CREATE INDEX gift_cards_expiring_idx ON gift_cards (expires_at) WHERE balance_minor > 0 AND expires_at IS NOT NULL`);
    await q.query(
      `CREATE INDEX client_prepaids_expiring_idx ON client_prepaids (period_end) WHERE kind = 'package' AND credits_left > 0 AND period_end IS NOT NULL`,
    );
    await q.query(`CREATE INDEX client_prepaids_ticket_idx ON client_prepaids (sold_on_ticket_id) WHERE sold_on_ticket_id IS NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX IF EXISTS client_prepaids_ticket_idx, client_prepaids_expiring_idx, gift_cards_expiring_idx`);
    await q.query(`DROP INDEX IF EXISTS prepaid_credit_entries_once_idx, gift_card_entries_once_idx`);
    await q.query(`ALTER TABLE prepaid_credit_entries DROP CONSTRAINT IF EXISTS prepaid_credit_entries_taking_sign`);
    await q.query(`ALTER TABLE prepaid_credit_entries DROP CONSTRAINT IF EXISTS prepaid_credit_entries_kind_check`);
    await q.query(
      `ALTER TABLE prepaid_credit_entries ADD CONSTRAINT prepaid_credit_entries_kind_check CHECK (kind IN ('granted', 'redeemed', 'restored', 'reset'))`,
    );
    await q.query(`ALTER TABLE gift_card_entries DROP CONSTRAINT IF EXISTS gift_card_entries_voided_sign`);
    await q.query(`ALTER TABLE gift_card_entries DROP CONSTRAINT IF EXISTS gift_card_entries_kind_check`);
    await q.query(
      `ALTER TABLE gift_card_entries ADD CONSTRAINT gift_card_entries_kind_check CHECK (kind IN ('issued', 'redeemed', 'refunded', 'adjusted', 'expired'))`,
    );
  }
}
