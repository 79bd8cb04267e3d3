import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Online booking deposits (modules/deposits): one per appointment, its PaymentIntent (manual
 * capture), and where the money went: held on account until the visit's ticket applies it as a
 * tender, given back, kept by the cancellation policy, or never taken (released, failed).
 */
export class BookingDeposits1796650000000 implements MigrationInterface {
  name = 'BookingDeposits1796650000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE booking_deposits (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        appointment_id uuid NOT NULL UNIQUE,
        location_id uuid NOT NULL,
        client_id uuid,
        amount_minor integer NOT NULL CHECK (amount_minor > 0),
        currency char(3) NOT NULL,
        status text NOT NULL CHECK (status IN ('awaiting_payment', 'authorized', 'held', 'applied', 'refunded', 'forfeited', 'released', 'failed')),
        due_at timestamptz NOT NULL,
        intent_id text UNIQUE,
        failure_reason text,
        outcome_reason text,
        ticket_id uuid REFERENCES tickets (id),
        payment_id uuid REFERENCES payments (id),
        refund_ref text,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL
      )`);
    await q.query(`CREATE INDEX booking_deposits_open_idx ON booking_deposits (due_at) WHERE status IN ('awaiting_payment', 'authorized')`);
    await q.query(`CREATE INDEX booking_deposits_client_idx ON booking_deposits (client_id, created_at) WHERE client_id IS NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE booking_deposits`);
  }
}
