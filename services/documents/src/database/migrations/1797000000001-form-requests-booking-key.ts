import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * An online booking's form requests carry the SHA-256 of the booking answer's `formsKey`
 * (scheduling.appointment.booked.v1 `formsKeySha256`): the `/booking` confirmation lists the forms
 * to fill by that key alone, never by a client or appointment id.
 */
export class FormRequestsBookingKey1797000000001 implements MigrationInterface {
  name = 'FormRequestsBookingKey1797000000001';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE form_requests ADD COLUMN booking_key_sha256 text`);
    await q.query(`CREATE INDEX form_requests_booking_key_idx ON form_requests (booking_key_sha256) WHERE booking_key_sha256 IS NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE form_requests DROP COLUMN booking_key_sha256`);
  }
}
