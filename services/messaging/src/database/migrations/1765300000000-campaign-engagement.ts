import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Opens and clicks of campaign e-mails (issue 13): at most one open and one click per campaign
 * and client (the primary key), so a reloaded pixel, a mail client prefetching images or a second
 * click counts once. Only a recipient of the campaign can have one (the foreign key). `first_url` is the link clicked first, for the record.
 */
export class CampaignEngagement1765300000000 implements MigrationInterface {
  name = 'CampaignEngagement1765300000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE marketing_engagements (
        campaign_id uuid NOT NULL,
        client_id text NOT NULL,
        kind text NOT NULL CHECK (kind IN ('open', 'click')),
        first_url text,
        at timestamptz NOT NULL,
        PRIMARY KEY (campaign_id, client_id, kind),
        FOREIGN KEY (campaign_id, client_id) REFERENCES marketing_recipients (campaign_id, client_id)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE marketing_engagements`);
  }
}
