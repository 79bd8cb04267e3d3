import type { MigrationInterface, QueryRunner } from 'typeorm';

export class StaffBio1763900000000 implements MigrationInterface {
  name = 'StaffBio1763900000000';

  async up(q: QueryRunner): Promise<void> {
    // The contract bounds it (TEXT_LIMITS.bio); the check keeps a direct write from filling the booking page.
    await q.query(`ALTER TABLE users ADD COLUMN bio text CHECK (char_length(bio) <= 600)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE users DROP COLUMN bio`);
  }
}
