import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Online visitors' profiles and the links that add a visitor's booking to a client on file
 * (docs/security-notes/booking-id.md).
 *
 * `visitor_profiles` is the booking's undo log: a row is committed on its own before the clients
 * service is asked for a visitor's profile, and the booking's own transaction sets its
 * `appointment_id`. A row still without one after the booking is over belongs to a booking that
 * never committed: its profile is discarded at the clients service and the row removed.
 *
 * `booking_claims`: a one-time link (only its hash kept) sent to the client a visitor's details
 * matched; following it merges the visitor's profile into that client.
 */
export class OnlineVisitors1795300000000 implements MigrationInterface {
  name = 'OnlineVisitors1795300000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE visitor_profiles (
        client_id uuid PRIMARY KEY,
        appointment_id uuid REFERENCES appointments (id),
        requested_at timestamptz NOT NULL
      )`);
    await q.query(`CREATE INDEX visitor_profiles_unbooked_idx ON visitor_profiles (requested_at) WHERE appointment_id IS NULL`);
    await q.query(`
      CREATE TABLE booking_claims (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        token_hash text NOT NULL UNIQUE,
        appointment_id uuid NOT NULL REFERENCES appointments (id),
        visitor_client_id uuid NOT NULL,
        client_id uuid NOT NULL,
        expires_at timestamptz NOT NULL,
        confirmed_at timestamptz,
        created_at timestamptz NOT NULL
      )`);
    await q.query(`CREATE INDEX booking_claims_client_idx ON booking_claims (client_id, created_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS booking_claims, visitor_profiles`);
  }
}
