import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * client_consent: each client's SMS and e-mail consent as the clients service last published it
 * (`clients.client.consent-changed.v1`), so a bulk send can be checked here without calling clients.
 *
 * Why this cannot loop with sms_consent: the two tables have one writer each and neither writer
 * reads the other's table.
 * - sms_consent is the phone's own word: written only by an inbound STOP/START (or Twilio's 21610),
 *   and each such write publishes `messaging.sms.opted-out|opted-in.v1` for the clients service.
 * - client_consent is written only by the consent-changed consumer, which never touches sms_consent
 *   and never publishes. So the consent-changed event that clients publishes for our own STOP
 *   (method `sms-keyword`) lands here and stops: it cannot come back as a second STOP event.
 * A staff change in clients likewise never lifts a phone's STOP: only the phone can, by START.
 */
export class ClientConsent1764300000000 implements MigrationInterface {
  name = 'ClientConsent1764300000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE client_consent (
        client_id uuid NOT NULL,
        channel message_channel NOT NULL,
        granted boolean NOT NULL,
        method text,
        address text,
        decided_at timestamptz NOT NULL,
        event_id uuid NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (client_id, channel)
      )`);
    await q.query(
      `COMMENT ON COLUMN client_consent.decided_at IS 'occurredAt of the event applied; an older event never overwrites a newer one'`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS client_consent`);
  }
}
