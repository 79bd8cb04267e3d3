import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A membership's plan changes (retail.membership.plan-changed.v1): each from its instant on, so a
 * month's recurring revenue counts the member at the plan they were on at that month's end, and a
 * rebuild gives the same history.
 */
export class MembershipPlanChanges1797500000000 implements MigrationInterface {
  name = 'MembershipPlanChanges1797500000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE report_membership_plan_changes (
        membership_id text NOT NULL,
        at timestamptz NOT NULL,
        plan_id text NOT NULL,
        plan_name text NOT NULL,
        price_minor integer NOT NULL,
        period text NOT NULL,
        currency text NOT NULL,
        PRIMARY KEY (membership_id, at)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS report_membership_plan_changes`);
  }
}
