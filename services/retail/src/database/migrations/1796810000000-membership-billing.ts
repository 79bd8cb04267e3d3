import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Memberships billed through Stripe subscriptions: a plan's Stripe price (made once, on the first
 * sale with a card on file), and on what a client holds how it is billed, its subscription and
 * subscription item (a plan change updates the item), and the card it charges.
 */
export class MembershipBilling1796810000000 implements MigrationInterface {
  name = 'MembershipBilling1796810000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE prepaid_plans ADD COLUMN stripe_price_id text UNIQUE`);
    await q.query(`
      ALTER TABLE client_prepaids
        ADD COLUMN billing text NOT NULL DEFAULT 'none' CHECK (billing IN ('stripe', 'none')),
        ADD COLUMN billing_card_id text,
        ADD COLUMN stripe_subscription_id text UNIQUE,
        ADD COLUMN stripe_subscription_item_id text,
        ADD CONSTRAINT client_prepaids_billing_card CHECK (billing = 'none' OR (kind = 'membership' AND billing_card_id IS NOT NULL))`);
    // The sweep that starts subscriptions still to make finds them without a scan.
    await q.query(
      `CREATE INDEX client_prepaids_unbilled_idx ON client_prepaids (created_at) WHERE billing = 'stripe' AND stripe_subscription_id IS NULL`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX IF EXISTS client_prepaids_unbilled_idx`);
    await q.query(`
      ALTER TABLE client_prepaids DROP CONSTRAINT IF EXISTS client_prepaids_billing_card, DROP COLUMN IF EXISTS stripe_subscription_item_id,
        DROP COLUMN IF EXISTS stripe_subscription_id, DROP COLUMN IF EXISTS billing_card_id, DROP COLUMN IF EXISTS billing`);
    await q.query(`ALTER TABLE prepaid_plans DROP COLUMN IF EXISTS stripe_price_id`);
  }
}
