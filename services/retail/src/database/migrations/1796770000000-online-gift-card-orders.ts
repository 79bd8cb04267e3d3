import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Gift cards bought online from the booking page: one order per purchase (the page's request key is
 * unique, so a double tap finds the same order), one PaymentIntent per order, and the card it issued
 * once paid (the conditional move from awaiting_payment to paid issues it exactly once).
 */
export class OnlineGiftCardOrders1796770000000 implements MigrationInterface {
  name = 'OnlineGiftCardOrders1796770000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE online_gift_card_orders (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        request_key uuid NOT NULL UNIQUE,
        location_id uuid NOT NULL,
        amount_minor integer NOT NULL CHECK (amount_minor > 0),
        currency char(3) NOT NULL DEFAULT 'USD',
        buyer_name text NOT NULL,
        buyer_email text NOT NULL,
        recipient_name text NOT NULL,
        recipient_email text NOT NULL,
        message text,
        deliver_on date NOT NULL,
        deliver_at timestamptz NOT NULL,
        status text NOT NULL DEFAULT 'awaiting_payment' CHECK (status IN ('awaiting_payment', 'paid', 'failed')),
        intent_id text UNIQUE,
        gift_card_id uuid UNIQUE REFERENCES gift_cards (id),
        failure_reason text,
        created_at timestamptz NOT NULL,
        paid_at timestamptz,
        CHECK ((status = 'paid') = (gift_card_id IS NOT NULL))
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS online_gift_card_orders`);
  }
}
