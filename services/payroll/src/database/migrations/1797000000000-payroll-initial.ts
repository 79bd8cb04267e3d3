import { createEventTables, dropEventTables } from '@salon/nest-kit';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Payroll: the time clock (shifts, breaks, corrections, approvals, PINs), location rules, pay rule
 * versions, the projections of other services' events it pays on (sales lines, tips, payments,
 * refunds, appointments, location zones), pay periods and runs with their earning lines, and the
 * outbox/inbox.
 *
 * The database refuses what must never happen even under concurrency: two open shifts of one person
 * (a partial unique index), two runs over overlapping periods (an exclusion constraint), and any
 * change to a finalised run or its lines (a trigger).
 */
export class PayrollInitial1797000000000 implements MigrationInterface {
  name = 'PayrollInitial1797000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE locations (
        location_id uuid PRIMARY KEY,
        time_zone text,
        weekly_limit_minutes integer DEFAULT 2400,
        daily_limit_minutes integer,
        multiplier_percent integer NOT NULL DEFAULT 150 CHECK (multiplier_percent BETWEEN 100 AND 300),
        forgotten_after_hours integer NOT NULL DEFAULT 14 CHECK (forgotten_after_hours BETWEEN 1 AND 48),
        card_fee_bps integer NOT NULL DEFAULT 0 CHECK (card_fee_bps BETWEEN 0 AND 1000),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE clock_pins (
        staff_id uuid PRIMARY KEY,
        pin_hash text NOT NULL,
        failed_attempts integer NOT NULL DEFAULT 0,
        locked_until timestamptz,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE shifts (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        staff_id uuid NOT NULL,
        location_id uuid NOT NULL,
        status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'closed', 'forgotten')),
        clock_in_at timestamptz NOT NULL,
        clock_out_at timestamptz,
        work_date date NOT NULL,
        source text NOT NULL CHECK (source IN ('self', 'kiosk', 'manager')),
        approved_at timestamptz,
        approved_by uuid,
        version integer NOT NULL DEFAULT 1,
        CHECK ((status = 'closed') = (clock_out_at IS NOT NULL)),
        CHECK (clock_out_at IS NULL OR clock_out_at > clock_in_at)
      )`);
    // One open shift per person, whatever two screens do at the same moment.
    await q.query(`CREATE UNIQUE INDEX shifts_one_open_idx ON shifts (staff_id) WHERE status = 'open'`);
    await q.query(`CREATE INDEX shifts_staff_date_idx ON shifts (staff_id, work_date)`);
    await q.query(`CREATE INDEX shifts_location_date_idx ON shifts (location_id, work_date)`);
    await q.query(`
      CREATE TABLE shift_breaks (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        shift_id uuid NOT NULL REFERENCES shifts (id) ON DELETE CASCADE,
        started_at timestamptz NOT NULL,
        ended_at timestamptz,
        CHECK (ended_at IS NULL OR ended_at >= started_at)
      )`);
    await q.query(`CREATE UNIQUE INDEX shift_breaks_one_open_idx ON shift_breaks (shift_id) WHERE ended_at IS NULL`);
    await q.query(`
      CREATE TABLE shift_edits (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        shift_id uuid NOT NULL REFERENCES shifts (id) ON DELETE CASCADE,
        edited_by uuid NOT NULL,
        edited_at timestamptz NOT NULL,
        reason text NOT NULL,
        before jsonb NOT NULL,
        after jsonb NOT NULL
      )`);
    await q.query(`CREATE INDEX shift_edits_shift_idx ON shift_edits (shift_id, edited_at)`);
    await q.query(`
      CREATE TABLE timesheet_approvals (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        staff_id uuid NOT NULL,
        location_id uuid NOT NULL,
        date_from date NOT NULL,
        date_to date NOT NULL,
        approved_by uuid NOT NULL,
        approved_at timestamptz NOT NULL,
        CHECK (date_to >= date_from)
      )`);
    await q.query(`CREATE INDEX timesheet_approvals_staff_idx ON timesheet_approvals (staff_id, date_from)`);
    await q.query(`
      CREATE TABLE pay_rules (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        staff_id uuid NOT NULL,
        version integer NOT NULL,
        effective_from date NOT NULL,
        rule jsonb NOT NULL,
        created_by uuid,
        created_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (staff_id, version)
      )`);
    await q.query(
      `CREATE TABLE pay_settings (id boolean PRIMARY KEY DEFAULT true CHECK (id), frequency text NOT NULL, anchor_date date NOT NULL, version integer NOT NULL DEFAULT 1)`,
    );

    // Projections of retail's events (never its tables).
    await q.query(`
      CREATE TABLE sales_tickets (
        ticket_id uuid PRIMARY KEY,
        location_id uuid,
        number integer NOT NULL,
        closed_at timestamptz NOT NULL,
        total_minor integer NOT NULL,
        tip_minor integer NOT NULL,
        currency char(3) NOT NULL
      )`);
    await q.query(`CREATE INDEX sales_tickets_closed_idx ON sales_tickets (closed_at)`);
    await q.query(`
      CREATE TABLE sales_lines (
        line_id text PRIMARY KEY,
        ticket_id uuid NOT NULL REFERENCES sales_tickets (ticket_id),
        position integer NOT NULL,
        kind text NOT NULL,
        name text NOT NULL,
        quantity integer NOT NULL,
        net_minor integer NOT NULL,
        staff_id uuid,
        service_id uuid,
        product_id uuid,
        appointment_id uuid
      )`);
    await q.query(`CREATE INDEX sales_lines_staff_idx ON sales_lines (staff_id)`);
    await q.query(
      `CREATE TABLE sales_tips (ticket_id uuid NOT NULL REFERENCES sales_tickets (ticket_id), staff_id uuid NOT NULL, amount_minor integer NOT NULL, PRIMARY KEY (ticket_id, staff_id))`,
    );
    await q.query(`
      CREATE TABLE sales_payments (
        payment_id uuid PRIMARY KEY,
        ticket_id uuid NOT NULL,
        method text NOT NULL,
        amount_minor integer NOT NULL,
        occurred_at timestamptz NOT NULL
      )`);
    await q.query(`CREATE INDEX sales_payments_ticket_idx ON sales_payments (ticket_id)`);
    await q.query(`
      CREATE TABLE sales_refunds (
        refund_id uuid PRIMARY KEY,
        payment_id uuid NOT NULL,
        ticket_id uuid NOT NULL,
        location_id uuid,
        amount_minor integer NOT NULL,
        reason text NOT NULL,
        refunded_at timestamptz NOT NULL
      )`);
    await q.query(`CREATE INDEX sales_refunds_at_idx ON sales_refunds (refunded_at)`);
    // Scheduling's appointments as their events tell them (reports read these, never scheduling's tables).
    await q.query(`
      CREATE TABLE appointments (
        appointment_id uuid PRIMARY KEY,
        location_id uuid,
        client_id uuid,
        staff_id uuid,
        service_id uuid,
        starts_at timestamptz NOT NULL,
        ends_at timestamptz,
        price_minor integer,
        source text,
        status text NOT NULL,
        updated_at timestamptz NOT NULL
      )`);
    await q.query(`CREATE INDEX appointments_starts_idx ON appointments (starts_at)`);

    await q.query(`CREATE EXTENSION IF NOT EXISTS btree_gist`);
    await q.query(`
      CREATE TABLE payroll_runs (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        period_start date NOT NULL,
        period_end date NOT NULL,
        status text NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'finalised')),
        currency char(3) NOT NULL DEFAULT 'USD',
        unapproved_staff_ids uuid[] NOT NULL DEFAULT '{}',
        created_by uuid,
        created_at timestamptz NOT NULL DEFAULT now(),
        finalised_by uuid,
        finalised_at timestamptz,
        CHECK (period_end >= period_start),
        CHECK ((status = 'finalised') = (finalised_at IS NOT NULL)),
        EXCLUDE USING gist (daterange(period_start, period_end, '[]') WITH &&)
      )`);
    await q.query(`
      CREATE TABLE payroll_lines (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        run_id uuid NOT NULL REFERENCES payroll_runs (id) ON DELETE CASCADE,
        position integer NOT NULL,
        staff_id uuid NOT NULL,
        kind text NOT NULL,
        source_type text NOT NULL,
        source_id text,
        ticket_id uuid,
        occurred_on date NOT NULL,
        description text NOT NULL,
        rule_id uuid,
        rule_version integer,
        arithmetic text NOT NULL,
        amount_minor integer NOT NULL,
        regular_minutes integer NOT NULL DEFAULT 0,
        overtime_minutes integer NOT NULL DEFAULT 0
      )`);
    await q.query(`CREATE INDEX payroll_lines_run_staff_idx ON payroll_lines (run_id, staff_id, position)`);
    await q.query(`CREATE INDEX payroll_lines_staff_idx ON payroll_lines (staff_id, occurred_on)`);
    await q.query(`CREATE INDEX payroll_lines_ticket_idx ON payroll_lines (ticket_id) WHERE ticket_id IS NOT NULL`);
    // A finalised run is history: its row and lines never change again (refunds become next run's adjustments).
    await q.query(`
      CREATE FUNCTION payroll_refuse_finalised() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE run_status text; run uuid;
      BEGIN
        IF TG_TABLE_NAME = 'payroll_runs' THEN
          run := OLD.id;
          run_status := OLD.status;
        ELSE
          run := OLD.run_id;
          SELECT status INTO run_status FROM payroll_runs WHERE id = run;
        END IF;
        IF run_status = 'finalised' THEN
          RAISE EXCEPTION 'payroll run % is finalised and cannot change', run USING ERRCODE = 'P0001';
        END IF;
        RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
      END $$`);
    await q.query(
      `CREATE TRIGGER payroll_runs_immutable BEFORE UPDATE OR DELETE ON payroll_runs FOR EACH ROW EXECUTE FUNCTION payroll_refuse_finalised()`,
    );
    await q.query(
      `CREATE TRIGGER payroll_lines_immutable BEFORE UPDATE OR DELETE ON payroll_lines FOR EACH ROW EXECUTE FUNCTION payroll_refuse_finalised()`,
    );
    await createEventTables(q);
  }

  async down(q: QueryRunner): Promise<void> {
    await dropEventTables(q);
    await q.query(`DROP TABLE IF EXISTS payroll_lines, payroll_runs, appointments, sales_refunds, sales_payments, sales_tips, sales_lines, sales_tickets,
      pay_settings, pay_rules, timesheet_approvals, shift_edits, shift_breaks, shifts, clock_pins, locations`);
    await q.query(`DROP FUNCTION IF EXISTS payroll_refuse_finalised()`);
  }
}
