import type { MigrationInterface, QueryRunner } from 'typeorm';

/** A membership plan's priority booking window: days its members see online booking times beyond the location's window. */
export class PlanPriorityBooking1796780000000 implements MigrationInterface {
  name = 'PlanPriorityBooking1796780000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE prepaid_plans ADD COLUMN priority_days integer NOT NULL DEFAULT 0 CHECK (priority_days BETWEEN 0 AND 365)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE prepaid_plans DROP COLUMN IF EXISTS priority_days`);
  }
}
