import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Saved e-mail templates of campaigns (issue 13): the owner's MJML, rendered in the salon's look when used. */
export class EmailTemplates1765500000000 implements MigrationInterface {
  name = 'EmailTemplates1765500000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE marketing_email_templates (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        name text NOT NULL,
        mjml text NOT NULL,
        version integer NOT NULL DEFAULT 1,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE marketing_email_templates`);
  }
}
