import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * When an approved reply's booking, move or cancellation was made: a retry of the approval (the
 * text could not be queued the first time) sends the reply without asking scheduling again, which
 * would refuse a second cancellation and hand a finished change over to staff as failed.
 */
export class AiActionDone1765000000000 implements MigrationInterface {
  name = 'AiActionDone1765000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE ai_replies ADD COLUMN action_done_at timestamptz`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE ai_replies DROP COLUMN action_done_at`);
  }
}
