import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The change log of an appointment: who did what when. The appointments module writes a row in
 * the same transaction as each change (booking, move, staff, length, service, status, notes), so
 * the log never tells of a change that did not commit, nor misses one that did.
 */
export class AppointmentChanges1795400000000 implements MigrationInterface {
  name = 'AppointmentChanges1795400000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE appointment_changes (
        seq bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        appointment_id uuid NOT NULL REFERENCES appointments (id) ON DELETE CASCADE,
        at timestamptz NOT NULL,
        by_id uuid,
        by_kind text NOT NULL CHECK (by_kind IN ('user', 'client', 'system')),
        what text NOT NULL CHECK (what IN ('booked', 'time', 'staff', 'length', 'service', 'status', 'cancel-reason', 'notes')),
        from_value text,
        to_value text
      )`);
    await q.query(`CREATE INDEX appointment_changes_appointment_idx ON appointment_changes (appointment_id, seq)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE appointment_changes`);
  }
}
