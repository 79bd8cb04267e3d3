import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A campaign is queued page by page (issue 13, 100k recipients in a minute): after each page the
 * send job saves the last client it read, so a job that dies mid-campaign resumes after that page
 * instead of reading the whole book again. Cleared when the campaign is sent.
 */
export class CampaignProgress1765700000000 implements MigrationInterface {
  name = 'CampaignProgress1765700000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE marketing_campaigns ADD COLUMN progress_after text`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE marketing_campaigns DROP COLUMN progress_after`);
  }
}
