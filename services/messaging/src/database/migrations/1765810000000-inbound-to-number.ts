import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The number an inbound text was sent to (Twilio's `To`): a location's own number decides which
 * location the AI assistant answers for. Null for outbound texts and for texts recorded before.
 */
export class InboundToNumber1765810000000 implements MigrationInterface {
  name = 'InboundToNumber1765810000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE conversation_messages ADD COLUMN to_number text`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE conversation_messages DROP COLUMN to_number`);
  }
}
