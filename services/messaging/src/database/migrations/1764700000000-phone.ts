import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The phone (issue 16): one Twilio number per location and where it rings; the call log (one row
 * per CallSid, so a redelivered webhook finds its call instead of adding one); and the voice
 * webhook inbox (CallSid + step), so each step of a call acts once whatever Twilio retries.
 */
export class Phone1764700000000 implements MigrationInterface {
  name = 'Phone1764700000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE phone_numbers (
        location_id text PRIMARY KEY,
        number text NOT NULL UNIQUE,
        forward_to text NOT NULL,
        ring_staff text[] NOT NULL DEFAULT '{}',
        ring_seconds integer NOT NULL DEFAULT 20,
        text_back boolean NOT NULL DEFAULT true,
        greeting text NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE calls (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        call_sid text NOT NULL UNIQUE,
        location_id text NOT NULL,
        direction text NOT NULL CHECK (direction IN ('inbound', 'outbound')),
        phone text NOT NULL,
        staff_phone text,
        client_id text,
        client_name text,
        outcome text NOT NULL CHECK (outcome IN ('ringing', 'answered', 'missed', 'voicemail')),
        started_at timestamptz NOT NULL,
        duration_seconds integer,
        recording_url text,
        text_back_message_id uuid,
        text_back_skipped text,
        created_by text,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX calls_location_started ON calls (location_id, started_at DESC)`);
    await q.query(`CREATE INDEX calls_client ON calls (client_id) WHERE client_id IS NOT NULL`);
    await q.query(`
      CREATE TABLE call_webhook_inbox (
        call_sid text NOT NULL,
        step text NOT NULL,
        received_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (call_sid, step)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE call_webhook_inbox`);
    await q.query(`DROP TABLE calls`);
    await q.query(`DROP TABLE phone_numbers`);
  }
}
