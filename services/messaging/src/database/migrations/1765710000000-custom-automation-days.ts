import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Owner automations on client data (issue 13): "a new client is added" needs nothing new, "N days
 * since the client's last visit" keeps its N here. Their sends have no appointment: the key is
 * the automation and the client (and the day of that last visit).
 */
export class CustomAutomationDays1765710000000 implements MigrationInterface {
  name = 'CustomAutomationDays1765710000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE custom_automations ADD COLUMN days integer CHECK (days > 0)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE custom_automations DROP COLUMN days`);
  }
}
