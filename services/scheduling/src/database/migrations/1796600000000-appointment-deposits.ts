import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The deposit an online booking holds its time for: `pending` until `due_at` (the appointment and
 * its holds exist, its booked event waits in `booked_event`), then `paid` (the event is published)
 * or `released` (the appointment is cancelled and its holds freed). Retail keeps the money's side.
 */
export class AppointmentDeposits1796600000000 implements MigrationInterface {
  name = 'AppointmentDeposits1796600000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE appointment_deposits (
        appointment_id uuid PRIMARY KEY REFERENCES appointments (id),
        location_id uuid NOT NULL,
        client_id uuid NOT NULL,
        amount_minor integer NOT NULL CHECK (amount_minor > 0),
        currency char(3) NOT NULL,
        status text NOT NULL CHECK (status IN ('pending', 'paid', 'released')),
        due_at timestamptz NOT NULL,
        booked_event jsonb NOT NULL,
        payment_ref text,
        release_reason text,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL
      )`);
    await q.query(`CREATE INDEX appointment_deposits_due_idx ON appointment_deposits (due_at) WHERE status = 'pending'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE appointment_deposits`);
  }
}
