import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Scheduling's own projection of retail's memberships (retail.membership.* events, never retail's
 * tables): who is a member now and how many days beyond the location's window they may book online.
 * One row per membership; `last_event_at` keeps an older event, delivered late, from undoing a newer one.
 */
export class MemberBookingWindows1796790000000 implements MigrationInterface {
  name = 'MemberBookingWindows1796790000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE member_booking_windows (
        membership_id uuid PRIMARY KEY,
        client_id uuid NOT NULL,
        status text NOT NULL CHECK (status IN ('active', 'paused', 'cancelled')),
        priority_days integer NOT NULL DEFAULT 0 CHECK (priority_days >= 0),
        period_end timestamptz,
        last_event_at timestamptz NOT NULL
      )`);
    await q.query(`CREATE INDEX member_booking_windows_client_idx ON member_booking_windows (client_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS member_booking_windows`);
  }
}
