import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The public booking page's design (one per business) and the link from a client's login to their profile. */
export class OnlineBooking1764300000000 implements MigrationInterface {
  name = 'OnlineBooking1764300000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE booking_designs (
        id smallint PRIMARY KEY DEFAULT 1 CHECK (id = 1),
        primary_color text NOT NULL CHECK (primary_color ~ '^#[0-9a-f]{6}$'),
        background_color text NOT NULL CHECK (background_color ~ '^#[0-9a-f]{6}$'),
        logo_url text,
        headline text,
        intro text,
        policies text,
        offered_service_ids uuid[],
        offered_staff_ids uuid[],
        allow_any_staff boolean NOT NULL DEFAULT true,
        version integer NOT NULL DEFAULT 1,
        updated_by uuid,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    // A client-role login books and manages appointments as this client profile (owned by the clients service).
    await q.query(`
      CREATE TABLE client_accounts (
        user_id uuid PRIMARY KEY,
        client_id uuid NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS client_accounts, booking_designs`);
  }
}
