import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Prepaid value: gift certificates and cards, and the memberships and packages clients hold.
 * Balances are kept twice, as a ledger (append-only by trigger) and as the row's balance written in
 * the transaction of every entry, with CHECK (>= 0) behind the conditional UPDATE that takes value:
 * of two desks redeeming the last balance, one takes it and the other finds nothing (409).
 * Ticket lines may sell a plan (`plan_id`) or a physical card (`card_code`); the tender methods
 * gain `gift_card` and `prepaid_credit`.
 */
export class PrepaidValue1796600000000 implements MigrationInterface {
  name = 'PrepaidValue1796600000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE ticket_lines ADD COLUMN plan_id uuid, ADD COLUMN card_code text`);
    await q.query(`ALTER TABLE payments DROP CONSTRAINT IF EXISTS payments_method_check`);
    await q.query(
      `ALTER TABLE payments ADD CONSTRAINT payments_method_check CHECK (method IN ('cash', 'card', 'terminal', 'card_on_file', 'gift_card', 'prepaid_credit'))`,
    );
    await q.query(`
      CREATE TABLE gift_cards (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        code text NOT NULL UNIQUE CHECK (code = upper(code) AND code !~ '[- ]'),
        kind text NOT NULL CHECK (kind IN ('certificate', 'card')),
        initial_minor integer NOT NULL CHECK (initial_minor > 0),
        balance_minor integer NOT NULL CHECK (balance_minor >= 0),
        currency char(3) NOT NULL DEFAULT 'USD',
        client_id uuid,
        location_id uuid NOT NULL,
        sold_on_ticket_id uuid REFERENCES tickets (id),
        sold_on_line_id uuid,
        issued_at timestamptz NOT NULL,
        expires_at timestamptz
      )`);
    await q.query(`CREATE INDEX gift_cards_client_idx ON gift_cards (client_id) WHERE client_id IS NOT NULL`);
    await q.query(`CREATE INDEX gift_cards_issued_idx ON gift_cards (issued_at DESC)`);
    await q.query(`CREATE INDEX gift_cards_ticket_idx ON gift_cards (sold_on_ticket_id) WHERE sold_on_ticket_id IS NOT NULL`);
    await q.query(`
      CREATE TABLE gift_card_entries (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        gift_card_id uuid NOT NULL REFERENCES gift_cards (id),
        kind text NOT NULL CHECK (kind IN ('issued', 'redeemed', 'refunded', 'adjusted', 'expired')),
        amount_minor integer NOT NULL CHECK (amount_minor <> 0),
        balance_after_minor integer NOT NULL CHECK (balance_after_minor >= 0),
        ticket_id uuid REFERENCES tickets (id),
        payment_id uuid REFERENCES payments (id),
        refund_id uuid REFERENCES refunds (id),
        reason text,
        created_by uuid,
        created_at timestamptz NOT NULL,
        CHECK (kind NOT IN ('issued', 'refunded') OR amount_minor > 0),
        CHECK (kind NOT IN ('redeemed', 'expired') OR amount_minor < 0)
      )`);
    await q.query(`CREATE INDEX gift_card_entries_card_idx ON gift_card_entries (gift_card_id, created_at)`);
    await q.query(`CREATE INDEX gift_card_entries_payment_idx ON gift_card_entries (payment_id) WHERE payment_id IS NOT NULL`);
    await q.query(`
      CREATE TABLE prepaid_plans (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        kind text NOT NULL CHECK (kind IN ('membership', 'package')),
        name text NOT NULL,
        price_minor integer NOT NULL CHECK (price_minor > 0),
        period text CHECK (period IN ('month', 'year')),
        credits integer NOT NULL CHECK (credits > 0),
        service_ids uuid[] NOT NULL DEFAULT '{}',
        discount_bps integer NOT NULL DEFAULT 0 CHECK (discount_bps BETWEEN 0 AND 10000),
        validity_days integer CHECK (validity_days > 0),
        active boolean NOT NULL DEFAULT true,
        created_at timestamptz NOT NULL DEFAULT now(),
        CHECK ((kind = 'membership') = (period IS NOT NULL))
      )`);
    await q.query(`
      CREATE TABLE client_prepaids (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        plan_id uuid NOT NULL REFERENCES prepaid_plans (id),
        kind text NOT NULL CHECK (kind IN ('membership', 'package')),
        client_id uuid NOT NULL,
        location_id uuid NOT NULL,
        status text NOT NULL CHECK (status IN ('active', 'paused', 'past_due', 'cancelled', 'expired', 'used_up')),
        credits_left integer NOT NULL CHECK (credits_left >= 0),
        credits_per_period integer NOT NULL CHECK (credits_per_period > 0),
        service_ids uuid[] NOT NULL DEFAULT '{}',
        discount_bps integer NOT NULL DEFAULT 0,
        period_start timestamptz NOT NULL,
        period_end timestamptz,
        cancel_at_period_end boolean NOT NULL DEFAULT false,
        sold_on_ticket_id uuid REFERENCES tickets (id),
        sold_on_line_id uuid,
        created_at timestamptz NOT NULL,
        version integer NOT NULL DEFAULT 1
      )`);
    await q.query(`CREATE INDEX client_prepaids_client_idx ON client_prepaids (client_id, created_at)`);
    await q.query(`
      CREATE TABLE prepaid_credit_entries (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        client_prepaid_id uuid NOT NULL REFERENCES client_prepaids (id),
        kind text NOT NULL CHECK (kind IN ('granted', 'redeemed', 'restored', 'reset')),
        credits integer NOT NULL CHECK (credits <> 0),
        credits_after integer NOT NULL CHECK (credits_after >= 0),
        ticket_id uuid REFERENCES tickets (id),
        ticket_line_id uuid,
        line_name text,
        payment_id uuid REFERENCES payments (id),
        created_by uuid,
        created_at timestamptz NOT NULL,
        CHECK (kind NOT IN ('granted', 'restored') OR credits > 0),
        CHECK (kind <> 'redeemed' OR credits < 0)
      )`);
    await q.query(`CREATE INDEX prepaid_credit_entries_prepaid_idx ON prepaid_credit_entries (client_prepaid_id, created_at)`);
    await q.query(`CREATE INDEX prepaid_credit_entries_payment_idx ON prepaid_credit_entries (payment_id) WHERE payment_id IS NOT NULL`);
    await q.query(`
      CREATE FUNCTION prepaid_ledger_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION '% is append-only: correct a balance with a new entry', TG_TABLE_NAME;
      END $$`);
    for (const table of ['gift_card_entries', 'prepaid_credit_entries'])
      await q.query(
        `CREATE TRIGGER ${table}_append_only BEFORE UPDATE OR DELETE ON ${table} FOR EACH ROW EXECUTE FUNCTION prepaid_ledger_append_only()`,
      );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS prepaid_credit_entries, client_prepaids, prepaid_plans, gift_card_entries, gift_cards`);
    await q.query(`DROP FUNCTION IF EXISTS prepaid_ledger_append_only()`);
    await q.query(`ALTER TABLE payments DROP CONSTRAINT IF EXISTS payments_method_check`);
    await q.query(
      `ALTER TABLE payments ADD CONSTRAINT payments_method_check CHECK (method IN ('cash', 'card', 'terminal', 'card_on_file'))`,
    );
    await q.query(`ALTER TABLE ticket_lines DROP COLUMN IF EXISTS plan_id, DROP COLUMN IF EXISTS card_code`);
  }
}
