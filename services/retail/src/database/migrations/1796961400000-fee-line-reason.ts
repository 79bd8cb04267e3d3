import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A fee line keeps the reason the desk gave for it (a late arrival, a damaged product…): the client
 * reads it on the receipt. Lines from before have none (the receipt then reads the fee's name).
 */
export class FeeLineReason1796961400000 implements MigrationInterface {
  name = 'FeeLineReason1796961400000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE ticket_lines ADD COLUMN reason text CHECK (reason IS NULL OR kind = 'fee')`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE ticket_lines DROP COLUMN IF EXISTS reason`);
  }
}
