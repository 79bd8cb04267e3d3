import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The read paths of a month's report over a year of three busy locations
 * (load-tests/bench/reports.bench.mjs; EXPLAIN ANALYZE of each section). The line and tip sections
 * found the range's tickets and then probed each ticket's lines or tips (13,500 probes, each
 * visiting the heap): lines, tips and payments now carry their ticket's close instant and location
 * (copied when the ticket is projected; a ticket closes once), so those sections scan their own
 * table by instant. Covering indexes answer those scans, the range's tickets and the range's
 * appointments from the index alone; each replaces the plain index on the same key.
 */
export class ReportCoveringIndexes1797460000000 implements MigrationInterface {
  name = 'ReportCoveringIndexes1797460000000';

  async up(q: QueryRunner): Promise<void> {
    for (const table of ['sales_lines', 'sales_tips', 'sales_payments']) {
      await q.query(`ALTER TABLE ${table} ADD COLUMN closed_at timestamptz, ADD COLUMN location_id uuid`);
      await q.query(
        `UPDATE ${table} x SET closed_at = t.closed_at, location_id = t.location_id FROM sales_tickets t WHERE t.ticket_id = x.ticket_id`,
      );
    }
    // A line or tip is projected with its ticket; a payment may come first (null until its ticket does).
    for (const table of ['sales_lines', 'sales_tips']) await q.query(`ALTER TABLE ${table} ALTER COLUMN closed_at SET NOT NULL`);
    await q.query(
      `CREATE INDEX sales_lines_closed_cover_idx ON sales_lines (closed_at)
         INCLUDE (location_id, ticket_id, kind, quantity, net_minor, staff_id, service_id, product_id, name)`,
    );
    await q.query(`CREATE INDEX sales_tips_closed_cover_idx ON sales_tips (closed_at) INCLUDE (location_id, staff_id, amount_minor)`);
    await q.query(
      `CREATE INDEX sales_tickets_closed_cover_idx ON sales_tickets (closed_at)
         INCLUDE (location_id, ticket_id, client_id, total_minor, tip_minor, tax_minor, discount_minor)`,
    );
    await q.query(`DROP INDEX sales_tickets_closed_idx`);
    await q.query(`CREATE INDEX sales_payments_closed_cover_idx ON sales_payments (closed_at) INCLUDE (location_id, method, amount_minor)`);
    await q.query(
      `CREATE INDEX appointments_starts_cover_idx ON appointments (starts_at)
         INCLUDE (location_id, staff_id, status, source, ends_at, client_id)`,
    );
    await q.query(`DROP INDEX appointments_starts_idx`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX appointments_starts_idx ON appointments (starts_at)`);
    await q.query(`DROP INDEX appointments_starts_cover_idx`);
    await q.query(`DROP INDEX sales_payments_closed_cover_idx`);
    await q.query(`CREATE INDEX sales_tickets_closed_idx ON sales_tickets (closed_at)`);
    await q.query(`DROP INDEX sales_tickets_closed_cover_idx`);
    await q.query(`DROP INDEX sales_tips_closed_cover_idx`);
    await q.query(`DROP INDEX sales_lines_closed_cover_idx`);
    for (const table of ['sales_lines', 'sales_tips', 'sales_payments'])
      await q.query(`ALTER TABLE ${table} DROP COLUMN closed_at, DROP COLUMN location_id`);
  }
}
