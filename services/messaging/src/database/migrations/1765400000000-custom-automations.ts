import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Owner-defined automations (issue 13): a trigger (an appointment event), conditions, a delay, a
 * channel rule and templates. Their sends are ordinary `automation_sends` rows of kind `custom`
 * that name the automation; the idempotency key `custom:<automationId>:<appointmentId>` makes
 * each trigger occurrence send once.
 */
export class CustomAutomations1765400000000 implements MigrationInterface {
  name = 'CustomAutomations1765400000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE custom_automations (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        location_id text NOT NULL,
        name text NOT NULL,
        trigger text NOT NULL,
        delay_hours integer NOT NULL CHECK (delay_hours >= 0),
        service_contains text,
        first_visit_only boolean NOT NULL DEFAULT false,
        channel_rule text NOT NULL,
        sms_template text NOT NULL,
        email_subject text NOT NULL,
        email_template text NOT NULL,
        enabled boolean NOT NULL,
        version integer NOT NULL DEFAULT 1,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX custom_automations_trigger ON custom_automations (location_id, trigger) WHERE enabled`);
    await q.query(`ALTER TABLE automation_sends ADD COLUMN custom_automation_id uuid REFERENCES custom_automations (id)`);
    await q.query(`CREATE INDEX automation_sends_custom ON automation_sends (custom_automation_id) WHERE custom_automation_id IS NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE automation_sends DROP COLUMN custom_automation_id`);
    await q.query(`DROP TABLE custom_automations`);
  }
}
