import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A staff member's calendar feed: the SHA-256 of its secret (the URL itself is shown once and
 * never stored), one per person. Revoking deletes the row; a new link replaces it.
 */
export class CalendarFeeds1796100000000 implements MigrationInterface {
  name = 'CalendarFeeds1796100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE calendar_feeds (
        staff_id uuid PRIMARY KEY,
        token_hash text NOT NULL UNIQUE,
        created_by uuid,
        created_at timestamptz NOT NULL DEFAULT now(),
        last_read_at timestamptz
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS calendar_feeds`);
  }
}
