import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Marketing (issue 13): segments (rules kept as JSON, read by domain/segment-rules.ts), campaigns,
 * one row per campaign and client (its primary key is what makes a retried send job send nothing
 * twice), one-click unsubscribes, and the spend per client mirrored from retail's closed tickets.
 * Campaign e-mails carry List-Unsubscribe headers, so messages gain a headers column.
 */
export class Marketing1764810000000 implements MigrationInterface {
  name = 'Marketing1764810000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE messages ADD COLUMN headers jsonb`);
    await q.query(`
      CREATE TABLE marketing_segments (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        name text NOT NULL,
        match text NOT NULL CHECK (match IN ('all', 'any')),
        rules jsonb NOT NULL,
        version integer NOT NULL DEFAULT 1,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE marketing_campaigns (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        name text NOT NULL,
        channel message_channel NOT NULL,
        segment_id uuid NOT NULL REFERENCES marketing_segments (id),
        location_id text,
        subject text,
        html text,
        design text,
        text text,
        -- draft → scheduled → sending → sent; draft|scheduled → cancelled
        state text NOT NULL DEFAULT 'draft' CHECK (state IN ('draft', 'scheduled', 'sending', 'sent', 'cancelled')),
        scheduled_at timestamptz,
        sent_at timestamptz,
        version integer NOT NULL DEFAULT 1,
        created_by text,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE marketing_recipients (
        campaign_id uuid NOT NULL REFERENCES marketing_campaigns (id),
        client_id text NOT NULL,
        -- queued (a message exists) | skipped (reason: no consent, unsubscribed, cap…)
        state text NOT NULL CHECK (state IN ('queued', 'skipped')),
        reason text,
        message_id uuid,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (campaign_id, client_id)
      )`);
    await q.query(`CREATE INDEX marketing_recipients_client ON marketing_recipients (client_id, created_at) WHERE state = 'queued'`);
    await q.query(`
      CREATE TABLE marketing_unsubscribes (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        client_id text NOT NULL,
        channel message_channel NOT NULL,
        campaign_id uuid REFERENCES marketing_campaigns (id),
        at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (client_id, channel, campaign_id)
      )`);
    await q.query(`
      CREATE TABLE marketing_client_spend (
        ticket_id text PRIMARY KEY,
        client_id text NOT NULL,
        total_minor bigint NOT NULL,
        closed_at timestamptz NOT NULL
      )`);
    await q.query(`CREATE INDEX marketing_client_spend_client ON marketing_client_spend (client_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(
      `DROP TABLE marketing_client_spend, marketing_unsubscribes, marketing_recipients, marketing_campaigns, marketing_segments`,
    );
    await q.query(`ALTER TABLE messages DROP COLUMN headers`);
  }
}
