import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Recurring series (the rule that produced a set of appointments, so "this and following" can be
 * cancelled together) and the appointment waitlist with its offers. An offer belongs to a chain:
 * the offers made, one after another, for one freed time, so a declined or expired offer passes to
 * the next waiting entry that has not had that time yet.
 */
export class SeriesAndWaitlist1795251000000 implements MigrationInterface {
  name = 'SeriesAndWaitlist1795251000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE appointment_series (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        location_id uuid NOT NULL,
        client_id uuid NOT NULL,
        every_weeks smallint NOT NULL CHECK (every_weeks BETWEEN 1 AND 52),
        until_at timestamptz,
        occurrence_count smallint CHECK (occurrence_count BETWEEN 1 AND 52),
        first_starts_at timestamptz NOT NULL,
        time_zone text NOT NULL,
        services jsonb NOT NULL,
        cancelled_from timestamptz,
        created_by uuid,
        created_at timestamptz NOT NULL DEFAULT now(),
        CHECK (until_at IS NOT NULL OR occurrence_count IS NOT NULL)
      )`);
    await q.query(`ALTER TABLE appointments ADD COLUMN series_id uuid REFERENCES appointment_series (id)`);
    await q.query(`CREATE INDEX appointments_series_idx ON appointments (series_id, starts_at) WHERE series_id IS NOT NULL`);

    await q.query(`
      CREATE TABLE waitlist_entries (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        location_id uuid NOT NULL,
        client_id uuid NOT NULL,
        service_id uuid NOT NULL REFERENCES services (id),
        staff_id uuid,
        date_from date NOT NULL,
        date_to date NOT NULL,
        window_start time,
        window_end time,
        note text,
        status text NOT NULL DEFAULT 'waiting' CHECK (status IN ('waiting', 'offered', 'booked', 'cancelled')),
        appointment_id uuid REFERENCES appointments (id),
        created_by uuid,
        created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CHECK (date_from <= date_to),
        CHECK ((window_start IS NULL) = (window_end IS NULL)),
        CHECK (window_start IS NULL OR window_start < window_end)
      )`);
    // FIFO among the waiting entries of a location (created_at is clock_timestamp: distinct within one transaction).
    await q.query(`CREATE INDEX waitlist_waiting_idx ON waitlist_entries (location_id, created_at, id) WHERE status = 'waiting'`);
    await q.query(`CREATE INDEX waitlist_location_dates_idx ON waitlist_entries (location_id, date_from, date_to)`);

    await q.query(`
      CREATE TABLE waitlist_offers (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        entry_id uuid NOT NULL REFERENCES waitlist_entries (id) ON DELETE CASCADE,
        chain_id uuid NOT NULL,
        window_start timestamptz NOT NULL,
        window_end timestamptz NOT NULL,
        starts_at timestamptz NOT NULL,
        ends_at timestamptz NOT NULL,
        staff_id uuid NOT NULL,
        token_hash text NOT NULL UNIQUE,
        expires_at timestamptz NOT NULL,
        status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'accepted', 'declined', 'expired', 'lost', 'withdrawn')),
        appointment_id uuid REFERENCES appointments (id),
        created_at timestamptz NOT NULL DEFAULT now(),
        closed_at timestamptz
      )`);
    // One open offer per entry at a time.
    await q.query(`CREATE UNIQUE INDEX waitlist_offers_one_open_idx ON waitlist_offers (entry_id) WHERE status = 'open'`);
    await q.query(`CREATE INDEX waitlist_offers_expiry_idx ON waitlist_offers (expires_at) WHERE status = 'open'`);
    await q.query(`CREATE INDEX waitlist_offers_chain_idx ON waitlist_offers (chain_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS waitlist_offers, waitlist_entries`);
    await q.query(`ALTER TABLE appointments DROP COLUMN IF EXISTS series_id`);
    await q.query(`DROP TABLE IF EXISTS appointment_series`);
  }
}
