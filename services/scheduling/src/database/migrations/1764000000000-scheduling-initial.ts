import { createEventTables, dropEventTables } from '@salon/nest-kit';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The scheduling service's tables. The one that matters most is `allocations`: every minute a
 * staff member, room or device is held by an appointment is a row there, and the exclusion
 * constraint `no_double_booking` makes two overlapping active holds of one resource (and one
 * capacity slot) impossible to commit, whatever the application code does (DESIGN §5).
 */
export class SchedulingInitial1764000000000 implements MigrationInterface {
  name = 'SchedulingInitial1764000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE EXTENSION IF NOT EXISTS btree_gist`);

    await q.query(`
      CREATE TABLE services (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        location_id uuid NOT NULL,
        name text NOT NULL CHECK (length(btrim(name)) > 0),
        category text,
        description text,
        duration_min integer NOT NULL CHECK (duration_min > 0 AND duration_min <= 1440),
        price_minor integer NOT NULL CHECK (price_minor >= 0),
        currency char(3) NOT NULL DEFAULT 'USD',
        buffer_before_min integer NOT NULL DEFAULT 0 CHECK (buffer_before_min >= 0),
        buffer_after_min integer NOT NULL DEFAULT 0 CHECK (buffer_after_min >= 0),
        processing_start_after_min integer CHECK (processing_start_after_min >= 0),
        processing_duration_min integer CHECK (processing_duration_min > 0),
        room_type text,
        device_types text[] NOT NULL DEFAULT '{}',
        online_bookable boolean NOT NULL DEFAULT true,
        deposit jsonb,
        active boolean NOT NULL DEFAULT true,
        version integer NOT NULL DEFAULT 1,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CHECK ((processing_start_after_min IS NULL) = (processing_duration_min IS NULL)),
        CHECK (processing_start_after_min IS NULL OR processing_start_after_min + processing_duration_min < duration_min)
      )`);
    await q.query(`CREATE INDEX services_location_idx ON services (location_id, active, category, name)`);

    await q.query(`
      CREATE TABLE service_staff (
        service_id uuid NOT NULL REFERENCES services (id) ON DELETE CASCADE,
        staff_id uuid NOT NULL,
        duration_min integer CHECK (duration_min > 0 AND duration_min <= 1440),
        price_minor integer CHECK (price_minor >= 0),
        PRIMARY KEY (service_id, staff_id)
      )`);
    await q.query(`CREATE INDEX service_staff_staff_idx ON service_staff (staff_id)`);

    for (const table of ['rooms', 'devices']) {
      await q.query(`
        CREATE TABLE ${table} (
          id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
          location_id uuid NOT NULL,
          name text NOT NULL CHECK (length(btrim(name)) > 0),
          type text NOT NULL CHECK (length(btrim(type)) > 0),
          capacity integer NOT NULL DEFAULT 1 CHECK (capacity BETWEEN 1 AND 100),
          active boolean NOT NULL DEFAULT true,
          created_at timestamptz NOT NULL DEFAULT now(),
          updated_at timestamptz NOT NULL DEFAULT now()
        )`);
      await q.query(`CREATE UNIQUE INDEX ${table}_name_uq ON ${table} (location_id, lower(name)) WHERE active`);
      await q.query(`CREATE INDEX ${table}_type_idx ON ${table} (location_id, type) WHERE active`);
    }

    await q.query(`
      CREATE TABLE working_hours (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        staff_id uuid NOT NULL,
        location_id uuid NOT NULL,
        weekday smallint NOT NULL CHECK (weekday BETWEEN 1 AND 7),
        start_time time NOT NULL,
        end_time time NOT NULL,
        kind text NOT NULL DEFAULT 'work' CHECK (kind IN ('work', 'break')),
        label text,
        CHECK (start_time < end_time)
      )`);
    await q.query(`CREATE INDEX working_hours_staff_idx ON working_hours (location_id, staff_id, weekday)`);

    await q.query(`
      CREATE TABLE schedule_exceptions (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        staff_id uuid NOT NULL,
        location_id uuid NOT NULL,
        date date NOT NULL,
        hours jsonb NOT NULL DEFAULT '[]',
        label text,
        UNIQUE (staff_id, location_id, date)
      )`);

    await q.query(`
      CREATE TABLE time_off (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        staff_id uuid NOT NULL,
        location_id uuid,
        period tstzrange NOT NULL CHECK (NOT isempty(period)),
        label text,
        kind text NOT NULL DEFAULT 'time-off' CHECK (kind IN ('time-off', 'blocked')),
        created_by uuid,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX time_off_staff_period_idx ON time_off USING gist (staff_id, period)`);

    await q.query(`
      CREATE TABLE location_policies (
        location_id uuid PRIMARY KEY,
        time_zone text NOT NULL DEFAULT 'America/Chicago',
        slot_interval_min integer NOT NULL DEFAULT 15 CHECK (slot_interval_min BETWEEN 5 AND 240),
        min_notice_min integer NOT NULL DEFAULT 60 CHECK (min_notice_min >= 0),
        max_advance_days integer NOT NULL DEFAULT 90 CHECK (max_advance_days BETWEEN 1 AND 730),
        late_cancel_hours integer NOT NULL DEFAULT 24 CHECK (late_cancel_hours >= 0),
        opening_hours jsonb,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);

    await q.query(`
      CREATE TABLE appointments (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        location_id uuid NOT NULL,
        client_id uuid NOT NULL,
        status text NOT NULL DEFAULT 'booked'
          CHECK (status IN ('booked', 'confirmed', 'checked-in', 'in-service', 'completed', 'cancelled', 'no-show')),
        starts_at timestamptz NOT NULL,
        ends_at timestamptz NOT NULL,
        price_minor integer NOT NULL CHECK (price_minor >= 0),
        currency char(3) NOT NULL,
        service jsonb NOT NULL,
        notes text,
        cancel_reason text,
        late_cancel boolean NOT NULL DEFAULT false,
        cancelled_at timestamptz,
        booked_by uuid,
        source text NOT NULL DEFAULT 'staff' CHECK (source IN ('staff', 'online', 'api')),
        version integer NOT NULL DEFAULT 1,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CHECK (starts_at < ends_at)
      )`);
    await q.query(`CREATE INDEX appointments_location_time_idx ON appointments (location_id, starts_at)`);
    await q.query(`CREATE INDEX appointments_client_idx ON appointments (client_id, starts_at DESC)`);

    await q.query(`
      CREATE TABLE appointment_segments (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        appointment_id uuid NOT NULL REFERENCES appointments (id) ON DELETE CASCADE,
        service_id uuid NOT NULL REFERENCES services (id),
        staff_id uuid NOT NULL,
        starts_at timestamptz NOT NULL,
        ends_at timestamptz NOT NULL,
        position smallint NOT NULL DEFAULT 1,
        CHECK (starts_at < ends_at)
      )`);
    await q.query(`CREATE INDEX appointment_segments_appointment_idx ON appointment_segments (appointment_id)`);
    await q.query(`CREATE INDEX appointment_segments_staff_idx ON appointment_segments (staff_id, starts_at)`);

    // THE guarantee. Active holds of one resource (and one of its capacity slots) never overlap.
    // Half-open ranges '[)': back-to-back bookings (10:00-11:00, 11:00-12:00) do not overlap.
    await q.query(`
      CREATE TABLE allocations (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        appointment_id uuid NOT NULL REFERENCES appointments (id) ON DELETE CASCADE,
        resource_kind text NOT NULL CHECK (resource_kind IN ('staff', 'room', 'device')),
        resource_id uuid NOT NULL,
        slot smallint NOT NULL DEFAULT 1 CHECK (slot >= 1),
        period tstzrange NOT NULL CHECK (NOT isempty(period) AND lower_inc(period) AND NOT upper_inc(period)),
        active boolean NOT NULL DEFAULT true,
        CONSTRAINT no_double_booking EXCLUDE USING gist (
          resource_kind WITH =, resource_id WITH =, slot WITH =, period WITH &&
        ) WHERE (active)
      )`);
    await q.query(`CREATE INDEX allocations_appointment_idx ON allocations (appointment_id)`);
    // Availability reads: who/what is busy in a window (the exclusion index serves the active ones).

    await createEventTables(q);
  }

  async down(q: QueryRunner): Promise<void> {
    await dropEventTables(q);
    await q.query(
      `DROP TABLE IF EXISTS allocations, appointment_segments, appointments, location_policies, time_off, schedule_exceptions, working_hours, devices, rooms, service_staff, services`,
    );
  }
}
