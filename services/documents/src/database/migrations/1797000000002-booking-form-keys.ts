import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A booking's formsKey also finds the client's open requests it did not make: a once-per-client
 * form (an intake) the client still has to fill from an earlier booking or link is not asked twice,
 * so the second booking's `/booking` confirmation finds that request through this table.
 */
export class BookingFormKeys1797000000002 implements MigrationInterface {
  name = 'BookingFormKeys1797000000002';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE booking_form_keys (
        booking_key_sha256 text NOT NULL,
        request_id uuid NOT NULL REFERENCES form_requests(id),
        PRIMARY KEY (booking_key_sha256, request_id)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE booking_form_keys`);
  }
}
