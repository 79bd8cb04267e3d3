import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A ticket line keeps the category of its service or product as it was when the line was added
 * (a snapshot: renaming a category later does not move past sales), so payroll can pay commission
 * per category from the ticket's closed event.
 */
export class TicketLineCategory1796700000000 implements MigrationInterface {
  name = 'TicketLineCategory1796700000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE ticket_lines ADD COLUMN category text`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE ticket_lines DROP COLUMN category`);
  }
}
