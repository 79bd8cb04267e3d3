import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Reports: a journal of every event payroll's projections consumed (so they can be rebuilt from
 * events alone), the ticket figures reports need (client, subtotal, discount, tax), location
 * names, and a projection of clients' own events (new clients, names of top clients).
 */
export class ReportProjections1797100000000 implements MigrationInterface {
  name = 'ReportProjections1797100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE event_journal (
        seq bigserial PRIMARY KEY,
        event_id uuid NOT NULL UNIQUE,
        type text NOT NULL,
        occurred_at timestamptz NOT NULL,
        envelope jsonb NOT NULL,
        recorded_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`ALTER TABLE sales_tickets ADD COLUMN client_id uuid, ADD COLUMN subtotal_minor integer,
      ADD COLUMN discount_minor integer NOT NULL DEFAULT 0, ADD COLUMN tax_minor integer NOT NULL DEFAULT 0`);
    await q.query(`CREATE INDEX sales_tickets_client_idx ON sales_tickets (client_id, closed_at) WHERE client_id IS NOT NULL`);
    await q.query(`CREATE INDEX sales_lines_ticket_idx ON sales_lines (ticket_id)`);
    await q.query(`CREATE INDEX appointments_client_idx ON appointments (client_id, starts_at)`);
    await q.query(`ALTER TABLE locations ADD COLUMN name text`);
    await q.query(`
      CREATE TABLE report_clients (
        client_id uuid PRIMARY KEY,
        first_name text NOT NULL,
        last_name text,
        source text,
        created_at timestamptz NOT NULL
      )`);
    await q.query(`CREATE INDEX report_clients_created_idx ON report_clients (created_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS report_clients, event_journal`);
    await q.query(`DROP INDEX IF EXISTS sales_tickets_client_idx, sales_lines_ticket_idx, appointments_client_idx`);
    await q.query(`ALTER TABLE locations DROP COLUMN IF EXISTS name`);
    await q.query(
      `ALTER TABLE sales_tickets DROP COLUMN IF EXISTS client_id, DROP COLUMN IF EXISTS subtotal_minor, DROP COLUMN IF EXISTS discount_minor, DROP COLUMN IF EXISTS tax_minor`,
    );
  }
}
