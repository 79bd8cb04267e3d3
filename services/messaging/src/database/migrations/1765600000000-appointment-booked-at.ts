import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * When messaging learned an appointment was booked (issue 13): a campaign counts the bookings its
 * recipients made within 7 days of their message. Appointments mirrored before this have none and
 * count for no campaign; new ones get the time their booked event arrived.
 */
export class AppointmentBookedAt1765600000000 implements MigrationInterface {
  name = 'AppointmentBookedAt1765600000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE automation_appointments ADD COLUMN booked_at timestamptz`);
    await q.query(`ALTER TABLE automation_appointments ALTER COLUMN booked_at SET DEFAULT now()`);
    await q.query(
      `CREATE INDEX automation_appointments_booked ON automation_appointments (client_id, booked_at) WHERE booked_at IS NOT NULL`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE automation_appointments DROP COLUMN booked_at`);
  }
}
