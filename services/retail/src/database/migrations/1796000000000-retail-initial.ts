import { createEventTables, dropEventTables } from '@salon/nest-kit';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Checkout: a location's settings (tax rates, tip presets, discount limit), tickets with their
 * lines and appointments, payments (tenders) and refunds, and the outbox/inbox.
 *
 * Totals are computed by the domain (modules/tickets/domain) and stored with the rows, so history
 * and reports read what the desk saw. The database still refuses the impossible on its own: a
 * payment refunded above what it captured, a ticket paid above its total, one appointment on two
 * live tickets, one Idempotency-Key for two payments.
 */
export class RetailInitial1796000000000 implements MigrationInterface {
  name = 'RetailInitial1796000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE pos_settings (
        location_id uuid PRIMARY KEY,
        service_tax_ppm integer NOT NULL DEFAULT 0 CHECK (service_tax_ppm BETWEEN 0 AND 1000000),
        product_tax_ppm integer NOT NULL DEFAULT 0 CHECK (product_tax_ppm BETWEEN 0 AND 1000000),
        tip_presets_bps integer[] NOT NULL DEFAULT '{1500,1800,2000,2500}',
        discount_limit_bps integer NOT NULL DEFAULT 2000 CHECK (discount_limit_bps BETWEEN 0 AND 10000),
        version integer NOT NULL DEFAULT 1,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE SEQUENCE ticket_number_seq START 1001`);
    await q.query(`
      CREATE TABLE tickets (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        number integer NOT NULL UNIQUE DEFAULT nextval('ticket_number_seq'),
        location_id uuid NOT NULL,
        client_id uuid,
        status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'closed', 'voided')),
        currency char(3) NOT NULL DEFAULT 'USD',
        service_tax_ppm integer NOT NULL,
        product_tax_ppm integer NOT NULL,
        discount_limit_bps integer NOT NULL,
        discount jsonb,
        tip jsonb,
        tip_split jsonb NOT NULL DEFAULT '[]',
        subtotal_minor integer NOT NULL DEFAULT 0 CHECK (subtotal_minor >= 0),
        discount_minor integer NOT NULL DEFAULT 0 CHECK (discount_minor >= 0),
        tax_minor integer NOT NULL DEFAULT 0 CHECK (tax_minor >= 0),
        tip_minor integer NOT NULL DEFAULT 0 CHECK (tip_minor >= 0),
        total_minor integer NOT NULL DEFAULT 0 CHECK (total_minor >= 0),
        paid_minor integer NOT NULL DEFAULT 0 CHECK (paid_minor >= 0 AND paid_minor <= total_minor),
        refunded_minor integer NOT NULL DEFAULT 0 CHECK (refunded_minor >= 0 AND refunded_minor <= paid_minor),
        opened_by uuid,
        opened_at timestamptz NOT NULL,
        closed_at timestamptz,
        voided_at timestamptz,
        void_reason text,
        version integer NOT NULL DEFAULT 1,
        updated_at timestamptz NOT NULL DEFAULT now(),
        CHECK ((status = 'closed') = (closed_at IS NOT NULL)),
        CHECK ((status = 'voided') = (voided_at IS NOT NULL)),
        CHECK (status <> 'closed' OR paid_minor = total_minor)
      )`);
    await q.query(`CREATE INDEX tickets_location_opened_idx ON tickets (location_id, opened_at)`);
    await q.query(`CREATE INDEX tickets_location_closed_idx ON tickets (location_id, closed_at) WHERE closed_at IS NOT NULL`);
    await q.query(`CREATE INDEX tickets_client_idx ON tickets (client_id, closed_at) WHERE client_id IS NOT NULL`);
    await q.query(`
      CREATE TABLE ticket_appointments (
        ticket_id uuid NOT NULL REFERENCES tickets (id) ON DELETE CASCADE,
        appointment_id uuid NOT NULL,
        active boolean NOT NULL DEFAULT true,
        PRIMARY KEY (ticket_id, appointment_id)
      )`);
    // One appointment is checked out on one live ticket; a voided ticket lets it go.
    await q.query(`CREATE UNIQUE INDEX ticket_appointments_one_live_idx ON ticket_appointments (appointment_id) WHERE active`);
    await q.query(`
      CREATE TABLE ticket_lines (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        ticket_id uuid NOT NULL REFERENCES tickets (id) ON DELETE CASCADE,
        position integer NOT NULL,
        kind text NOT NULL,
        name text NOT NULL,
        quantity integer NOT NULL CHECK (quantity BETWEEN 1 AND 999),
        unit_price_minor integer NOT NULL CHECK (unit_price_minor >= 0),
        list_unit_price_minor integer,
        staff_id uuid,
        staff_name text,
        appointment_id uuid,
        service_id uuid,
        product_id uuid,
        discount jsonb,
        gross_minor integer NOT NULL,
        discount_minor integer NOT NULL,
        net_minor integer NOT NULL CHECK (net_minor >= 0),
        tax_ppm integer NOT NULL,
        tax_minor integer NOT NULL,
        total_minor integer NOT NULL
      )`);
    await q.query(`CREATE INDEX ticket_lines_ticket_idx ON ticket_lines (ticket_id, position)`);
    await q.query(`
      CREATE TABLE payments (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        ticket_id uuid NOT NULL REFERENCES tickets (id),
        location_id uuid NOT NULL,
        client_id uuid,
        method text NOT NULL CHECK (method IN ('cash', 'card', 'terminal', 'card_on_file')),
        status text NOT NULL CHECK (status IN ('pending', 'succeeded', 'failed', 'canceled')),
        amount_minor integer NOT NULL CHECK (amount_minor > 0),
        tendered_minor integer,
        change_minor integer NOT NULL DEFAULT 0 CHECK (change_minor >= 0),
        refunded_minor integer NOT NULL DEFAULT 0 CHECK (refunded_minor >= 0 AND refunded_minor <= amount_minor),
        currency char(3) NOT NULL,
        idempotency_key text NOT NULL UNIQUE,
        request_fingerprint text NOT NULL,
        provider_ref text,
        created_by uuid,
        created_at timestamptz NOT NULL
      )`);
    await q.query(`CREATE INDEX payments_ticket_idx ON payments (ticket_id, created_at)`);
    await q.query(`CREATE INDEX payments_location_created_idx ON payments (location_id, created_at)`);
    await q.query(`CREATE INDEX payments_client_idx ON payments (client_id, created_at) WHERE client_id IS NOT NULL`);
    await q.query(`
      CREATE TABLE refunds (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        payment_id uuid NOT NULL REFERENCES payments (id),
        ticket_id uuid NOT NULL REFERENCES tickets (id),
        amount_minor integer NOT NULL CHECK (amount_minor > 0),
        reason text NOT NULL,
        idempotency_key text UNIQUE,
        request_fingerprint text,
        created_by uuid,
        created_at timestamptz NOT NULL
      )`);
    await q.query(`CREATE INDEX refunds_payment_idx ON refunds (payment_id, created_at)`);
    await createEventTables(q);
  }

  async down(q: QueryRunner): Promise<void> {
    await dropEventTables(q);
    await q.query(`DROP TABLE IF EXISTS refunds, payments, ticket_lines, ticket_appointments, tickets, pos_settings`);
    await q.query(`DROP SEQUENCE IF EXISTS ticket_number_seq`);
  }
}
