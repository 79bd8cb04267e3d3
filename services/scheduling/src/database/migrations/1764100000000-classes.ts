import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Classes: group sessions with an instructor, an optional room, a capacity and a roster.
 * A session's instructor and room are held in `allocations`, under the same `no_double_booking`
 * exclusion constraint as appointments, so a class can never overlap its instructor's
 * appointments or its room's bookings (and the other way round), whatever the application does.
 */
export class Classes1764100000000 implements MigrationInterface {
  name = 'Classes1764100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE class_sessions (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        location_id uuid NOT NULL,
        series_id uuid,
        name text NOT NULL CHECK (length(btrim(name)) > 0),
        description text,
        category text,
        instructor_id uuid NOT NULL,
        room_id uuid REFERENCES rooms (id),
        starts_at timestamptz NOT NULL,
        ends_at timestamptz NOT NULL,
        capacity integer NOT NULL CHECK (capacity BETWEEN 1 AND 500),
        price_minor integer NOT NULL DEFAULT 0 CHECK (price_minor >= 0),
        currency char(3) NOT NULL DEFAULT 'USD',
        status text NOT NULL DEFAULT 'scheduled' CHECK (status IN ('scheduled', 'cancelled')),
        cancel_reason text,
        cancelled_at timestamptz,
        created_by uuid,
        version integer NOT NULL DEFAULT 1,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CHECK (starts_at < ends_at)
      )`);
    await q.query(`CREATE INDEX class_sessions_location_time_idx ON class_sessions (location_id, starts_at)`);
    await q.query(`CREATE INDEX class_sessions_series_idx ON class_sessions (series_id) WHERE series_id IS NOT NULL`);

    // queue_no orders the waitlist: it is handed out under the session's row lock, so it is
    // strictly increasing per session even when enrolments arrive in the same microsecond.
    await q.query(`
      CREATE TABLE class_enrolments (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        session_id uuid NOT NULL REFERENCES class_sessions (id) ON DELETE CASCADE,
        client_id uuid NOT NULL,
        status text NOT NULL CHECK (status IN ('enrolled', 'waitlisted', 'cancelled', 'attended', 'no-show')),
        queue_no integer NOT NULL CHECK (queue_no >= 1),
        waitlisted_at timestamptz,
        promoted_at timestamptz,
        cancelled_at timestamptz,
        enrolled_by uuid,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (session_id, queue_no)
      )`);
    // One active enrolment per client per session; a cancelled one may be followed by a new one.
    await q.query(`CREATE UNIQUE INDEX class_enrolments_active_uq ON class_enrolments (session_id, client_id) WHERE status <> 'cancelled'`);
    await q.query(`CREATE INDEX class_enrolments_client_idx ON class_enrolments (client_id)`);

    await q.query(`ALTER TABLE allocations ALTER COLUMN appointment_id DROP NOT NULL`);
    await q.query(`ALTER TABLE allocations ADD COLUMN class_session_id uuid REFERENCES class_sessions (id) ON DELETE CASCADE`);
    await q.query(
      `ALTER TABLE allocations ADD CONSTRAINT allocations_one_holder CHECK (num_nonnulls(appointment_id, class_session_id) = 1)`,
    );
    await q.query(`CREATE INDEX allocations_class_session_idx ON allocations (class_session_id) WHERE class_session_id IS NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM allocations WHERE class_session_id IS NOT NULL`);
    await q.query(`ALTER TABLE allocations DROP CONSTRAINT allocations_one_holder`);
    await q.query(`ALTER TABLE allocations DROP COLUMN class_session_id`);
    await q.query(`ALTER TABLE allocations ALTER COLUMN appointment_id SET NOT NULL`);
    await q.query(`DROP TABLE IF EXISTS class_enrolments, class_sessions`);
  }
}
