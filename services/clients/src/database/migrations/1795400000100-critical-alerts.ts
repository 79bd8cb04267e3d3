import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Alerts can be critical (the desk acknowledges them when booking or opening an appointment).
 * Every stored alert gets the flag, false, so a row reads the same as one written from now on.
 */
export class CriticalAlerts1795400000100 implements MigrationInterface {
  name = 'CriticalAlerts1795400000100';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      UPDATE clients SET alerts = (
        SELECT coalesce(jsonb_agg(CASE WHEN a ? 'critical' THEN a ELSE a || '{"critical": false}'::jsonb END ORDER BY n), '[]'::jsonb)
          FROM jsonb_array_elements(alerts) WITH ORDINALITY AS x(a, n))
       WHERE jsonb_array_length(alerts) > 0`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      UPDATE clients SET alerts = (SELECT coalesce(jsonb_agg(a - 'critical' ORDER BY n), '[]'::jsonb) FROM jsonb_array_elements(alerts) WITH ORDINALITY AS x(a, n))
       WHERE jsonb_array_length(alerts) > 0`);
  }
}
