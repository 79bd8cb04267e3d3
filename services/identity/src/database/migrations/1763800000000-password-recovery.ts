import { createEventTables, dropEventTables } from '@salon/nest-kit';
import type { MigrationInterface, QueryRunner } from 'typeorm';

export class PasswordRecovery1763800000000 implements MigrationInterface {
  name = 'PasswordRecovery1763800000000';

  async up(q: QueryRunner): Promise<void> {
    // Codes go only to a phone the user has proven is theirs.
    await q.query(`ALTER TABLE users ADD COLUMN phone_verified_at timestamptz`);
    await q.query(`CREATE INDEX users_phone_digits_idx ON users (regexp_replace(phone, '[^0-9]', '', 'g')) WHERE phone IS NOT NULL`);
    await q.query(`
      CREATE TABLE password_reset_requests (
        id uuid PRIMARY KEY,
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        channel text NOT NULL CHECK (channel IN ('email', 'sms')),
        secret_hash text NOT NULL UNIQUE,
        expires_at timestamptz NOT NULL,
        used_at timestamptz,
        failed_attempts integer NOT NULL DEFAULT 0,
        request_ip text,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX password_reset_requests_user_idx ON password_reset_requests (user_id) WHERE used_at IS NULL`);
    await createEventTables(q);
  }

  async down(q: QueryRunner): Promise<void> {
    await dropEventTables(q);
    await q.query(`DROP TABLE password_reset_requests`);
    await q.query(`DROP INDEX users_phone_digits_idx`);
    await q.query(`ALTER TABLE users DROP COLUMN phone_verified_at`);
  }
}
