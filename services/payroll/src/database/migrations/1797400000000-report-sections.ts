import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Projections for the newer report sections, made of events alone (rebuilt from the journal):
 * staff working weeks (scheduling.working-hours.changed.v1, one version per change) for
 * utilisation; gift cards and the movements of their value (retail.gift-card.*, gift-card
 * refunds) for the liability; memberships (retail.membership.*) for MRR and churn; automation
 * sends (messaging.automation.finished.v1) for automation results.
 */
export class ReportSections1797400000000 implements MigrationInterface {
  name = 'ReportSections1797400000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE report_working_weeks (
        staff_id uuid NOT NULL,
        location_id uuid NOT NULL,
        effective_at timestamptz NOT NULL,
        intervals jsonb NOT NULL,
        PRIMARY KEY (staff_id, location_id, effective_at)
      )`);
    await q.query(`
      CREATE TABLE report_gift_cards (
        gift_card_id text PRIMARY KEY,
        location_id uuid,
        currency text,
        issued_at timestamptz NOT NULL,
        expires_at timestamptz
      )`);
    // One row per movement, keyed by what made it (issue: the card; redemption: its payment;
    // refund: the refund), so a republished event counts once. A refund names only its payment:
    // its card is the one that payment redeemed (found at read time, whatever order events came in).
    await q.query(`
      CREATE TABLE report_gift_card_movements (
        movement_key text PRIMARY KEY,
        gift_card_id text,
        payment_id text,
        kind text NOT NULL,
        amount_minor integer NOT NULL,
        at timestamptz NOT NULL
      )`);
    await q.query(`CREATE INDEX report_gift_card_movements_payment_idx ON report_gift_card_movements (payment_id) WHERE kind = 'redeemed'`);
    await q.query(`
      CREATE TABLE report_memberships (
        membership_id text PRIMARY KEY,
        plan_id text,
        plan_name text,
        price_minor integer,
        period text,
        currency text,
        client_id uuid,
        location_id uuid,
        started_at timestamptz,
        cancelled_at timestamptz
      )`);
    await q.query(`
      CREATE TABLE report_automation_sends (
        send_id text PRIMARY KEY,
        kind text NOT NULL,
        location_id uuid,
        outcome text NOT NULL,
        channels text[] NOT NULL,
        at timestamptz NOT NULL
      )`);
    await q.query(`CREATE INDEX report_automation_sends_at_idx ON report_automation_sends (at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(
      `DROP TABLE IF EXISTS report_working_weeks, report_gift_cards, report_gift_card_movements, report_memberships, report_automation_sends`,
    );
  }
}
