import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The e-mail suppression list (issue 13): addresses SES reported as a permanent bounce or a
 * complaint. Every e-mail send checks it (the address is stored lower-cased, its key); an admin
 * can remove an entry from /marketing.
 */
export class EmailSuppressions1764900000000 implements MigrationInterface {
  name = 'EmailSuppressions1764900000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE email_suppressions (
        address text PRIMARY KEY,
        reason text NOT NULL CHECK (reason IN ('bounce', 'complaint')),
        detail text,
        provider_message_id text,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE email_suppressions`);
  }
}
