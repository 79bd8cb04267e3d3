import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * AI messaging (issue 16): the provider (one OpenAI-compatible chat-completions API for the
 * business), the mode of each location, one row per inbound text the assistant answered (unique on
 * that text, so a redelivered job or webhook answers once) with the context it was given, its tool
 * calls and results, the times the engine offered and the booking a draft will make; and the
 * hand-over flag of a conversation (the assistant stays quiet there until staff clear it).
 */
export class AiMessaging1764620000000 implements MigrationInterface {
  name = 'AiMessaging1764620000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE ai_provider (
        id smallint PRIMARY KEY DEFAULT 1 CHECK (id = 1),
        base_url text NOT NULL,
        model text NOT NULL,
        api_key text,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE ai_location_settings (
        location_id uuid PRIMARY KEY,
        mode text NOT NULL CHECK (mode IN ('off', 'draft', 'auto')),
        auto_from text NOT NULL,
        auto_to text NOT NULL,
        signature text NOT NULL,
        version integer NOT NULL DEFAULT 1,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE ai_replies (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        conversation_id uuid NOT NULL REFERENCES conversations(id),
        inbound_message_id uuid NOT NULL UNIQUE REFERENCES conversation_messages(id),
        location_id uuid,
        status text NOT NULL CHECK (status IN ('thinking', 'draft', 'sent', 'handed-over', 'discarded', 'failed')),
        body text,
        handover_reason text,
        -- The booking a draft makes when approved: {locationId, serviceId, staffId, startsAt, firstName, phone, description}
        pending_action jsonb,
        context jsonb NOT NULL DEFAULT '[]',
        tool_calls jsonb NOT NULL DEFAULT '[]',
        -- [{serviceId, staffId, startsAt, local: 'YYYY-MM-DD HH:mm'}]: what the engine returned in this turn
        offered jsonb NOT NULL DEFAULT '[]',
        error text,
        message_id uuid,
        decided_by text,
        decided_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX ai_replies_conversation ON ai_replies (conversation_id, created_at DESC)`);
    await q.query(`CREATE INDEX ai_replies_created ON ai_replies (created_at DESC)`);
    await q.query(`
      CREATE TABLE ai_handovers (
        conversation_id uuid PRIMARY KEY REFERENCES conversations(id),
        reason text NOT NULL,
        at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE ai_handovers, ai_replies, ai_location_settings, ai_provider`);
  }
}
