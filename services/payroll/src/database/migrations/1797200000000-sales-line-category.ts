import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The category retail snapshotted on each ticket line (retail.ticket.closed.v1 lines[].category),
 * so a pay rule can set commission per service or product category. Lines from events before it
 * stay without one (they earn the base rate).
 */
export class SalesLineCategory1797200000000 implements MigrationInterface {
  name = 'SalesLineCategory1797200000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE sales_lines ADD COLUMN category text`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE sales_lines DROP COLUMN category`);
  }
}
