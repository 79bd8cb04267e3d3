import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Automations (issue 13): per-location settings of each built-in automation and of quiet hours and
 * the frequency cap; a mirror of the appointments they hang on (from scheduling's events, so a
 * reminder is never sent for a cancelled or moved appointment); one row per send, whose unique
 * idempotency key (automation + appointment) is what makes a redelivered event send nothing
 * more; and the SMS conversations (one per phone) of the two-way inbox.
 */
export class Automations1764500000000 implements MigrationInterface {
  name = 'Automations1764500000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE automations (
        location_id text NOT NULL,
        kind text NOT NULL,
        enabled boolean NOT NULL,
        channel_rule text NOT NULL,
        timing integer NOT NULL,
        -- NULL: the built-in wording (AUTOMATION_DEFAULTS; for the booking confirmation, its own message)
        sms_template text,
        email_subject text,
        email_template text,
        version integer NOT NULL DEFAULT 1,
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (location_id, kind)
      )`);
    await q.query(`
      CREATE TABLE automation_settings (
        location_id text PRIMARY KEY,
        quiet_start text NOT NULL,
        quiet_end text NOT NULL,
        max_per_client_per_day integer NOT NULL,
        version integer NOT NULL DEFAULT 1,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE automation_appointments (
        appointment_id text PRIMARY KEY,
        client_id text NOT NULL,
        location_id text,
        service_name text,
        staff_id text,
        starts_at timestamptz NOT NULL,
        ends_at timestamptz,
        status text NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE automation_sends (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        location_id text,
        kind text NOT NULL,
        appointment_id text,
        client_id text NOT NULL,
        idempotency_key text NOT NULL UNIQUE,
        due_at timestamptz NOT NULL,
        -- scheduled → done (messages queued) | cancelled (the appointment went) | skipped (reason)
        state text NOT NULL DEFAULT 'scheduled',
        reason text,
        message_ids uuid[] NOT NULL DEFAULT '{}',
        channels text[] NOT NULL DEFAULT '{}',
        sent_at timestamptz,
        replied_at timestamptz,
        reply_action text,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX automation_sends_appointment ON automation_sends (appointment_id) WHERE appointment_id IS NOT NULL`);
    await q.query(`CREATE INDEX automation_sends_client_sent ON automation_sends (client_id, sent_at) WHERE sent_at IS NOT NULL`);
    await q.query(`
      CREATE TABLE conversations (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        phone text NOT NULL UNIQUE,
        client_id text,
        client_name text,
        last_message_at timestamptz NOT NULL DEFAULT now(),
        last_message_text text NOT NULL DEFAULT '',
        unread integer NOT NULL DEFAULT 0
      )`);
    await q.query(`
      CREATE TABLE conversation_messages (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        conversation_id uuid NOT NULL REFERENCES conversations (id) ON DELETE CASCADE,
        direction text NOT NULL,
        body text NOT NULL,
        at timestamptz NOT NULL DEFAULT now(),
        action text,
        message_id uuid,
        provider_message_id text UNIQUE
      )`);
    await q.query(`CREATE INDEX conversation_messages_conversation ON conversation_messages (conversation_id, at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(
      `DROP TABLE conversation_messages, conversations, automation_sends, automation_appointments, automation_settings, automations`,
    );
  }
}
