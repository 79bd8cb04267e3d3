import type { MigrationInterface, QueryRunner } from 'typeorm';

/** When an appointment's checkout closed, as the retail service reports it (retail.ticket.closed.v1). */
export class AppointmentPaid1796000000200 implements MigrationInterface {
  name = 'AppointmentPaid1796000000200';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE appointments ADD COLUMN paid_at timestamptz`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE appointments DROP COLUMN paid_at`);
  }
}
