import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The rebooking figure asks, for each completed appointment of the range, whether its client has
 * a later appointment that is not cancelled. With only (client_id, starts_at) every probe read the
 * heap to check the status (13,000 heap visits for a busy month); this partial index answers it
 * from the index alone.
 */
export class ReportIndexes1797300000000 implements MigrationInterface {
  name = 'ReportIndexes1797300000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX appointments_client_kept_idx ON appointments (client_id, starts_at) WHERE status <> 'cancelled'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX IF EXISTS appointments_client_kept_idx`);
  }
}
