import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';

export type OrderStatus = 'awaiting_payment' | 'paid' | 'failed';

export interface OrderRow {
  id: string;
  requestKey: string;
  locationId: string;
  amountMinor: number;
  currency: string;
  buyerName: string;
  buyerEmail: string;
  recipientName: string;
  recipientEmail: string;
  message: string | null;
  deliverOn: string;
  deliverAt: Date;
  status: OrderStatus;
  intentId: string | null;
  giftCardId: string | null;
  failureReason: string | null;
  createdAt: Date;
}

const COLUMNS = `o.id, o.request_key AS "requestKey", o.location_id AS "locationId", o.amount_minor AS "amountMinor", o.currency,
  o.buyer_name AS "buyerName", o.buyer_email AS "buyerEmail", o.recipient_name AS "recipientName", o.recipient_email AS "recipientEmail",
  o.message, to_char(o.deliver_on, 'YYYY-MM-DD') AS "deliverOn", o.deliver_at AS "deliverAt", o.status, o.intent_id AS "intentId",
  o.gift_card_id AS "giftCardId", o.failure_reason AS "failureReason", o.created_at AS "createdAt"`;

@Injectable()
export class OnlineGiftCardOrderRepository {
  constructor(private readonly dataSource: DataSource) {}

  private q(m?: EntityManager) {
    return m ?? this.dataSource.manager;
  }

  async find(id: string, m?: EntityManager, lock = false): Promise<OrderRow | null> {
    const rows: OrderRow[] = await this.q(m).query(
      `SELECT ${COLUMNS} FROM online_gift_card_orders o WHERE o.id = $1${lock ? ' FOR UPDATE' : ''}`,
      [id],
    );
    return rows[0] ?? null;
  }

  async byIntent(intentId: string): Promise<OrderRow | null> {
    const rows: OrderRow[] = await this.q().query(`SELECT ${COLUMNS} FROM online_gift_card_orders o WHERE o.intent_id = $1`, [intentId]);
    return rows[0] ?? null;
  }

  /** One order per request key: a second insert with the same key finds the first. */
  async insertOnce(o: Omit<OrderRow, 'id' | 'status' | 'intentId' | 'giftCardId' | 'failureReason'>): Promise<OrderRow> {
    await this.q().query(
      `INSERT INTO online_gift_card_orders (request_key, location_id, amount_minor, currency, buyer_name, buyer_email, recipient_name,
         recipient_email, message, deliver_on, deliver_at, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) ON CONFLICT (request_key) DO NOTHING`,
      [
        o.requestKey,
        o.locationId,
        o.amountMinor,
        o.currency,
        o.buyerName,
        o.buyerEmail,
        o.recipientName,
        o.recipientEmail,
        o.message,
        o.deliverOn,
        o.deliverAt,
        o.createdAt,
      ],
    );
    const rows: OrderRow[] = await this.q().query(`SELECT ${COLUMNS} FROM online_gift_card_orders o WHERE o.request_key = $1`, [
      o.requestKey,
    ]);
    return rows[0]!;
  }

  async setIntent(id: string, intentId: string): Promise<void> {
    await this.q().query(`UPDATE online_gift_card_orders SET intent_id = $2 WHERE id = $1 AND intent_id IS NULL`, [id, intentId]);
  }

  async markPaid(m: EntityManager, id: string, giftCardId: string, now: Date): Promise<void> {
    await m.query(
      `UPDATE online_gift_card_orders SET status = 'paid', gift_card_id = $2, paid_at = $3 WHERE id = $1 AND status = 'awaiting_payment'`,
      [id, giftCardId, now],
    );
  }

  async markFailed(id: string, reason: string): Promise<void> {
    await this.q().query(
      `UPDATE online_gift_card_orders SET status = 'failed', failure_reason = $2 WHERE id = $1 AND status = 'awaiting_payment'`,
      [id, reason],
    );
  }

  async cardExpiry(giftCardId: string): Promise<Date | null> {
    const rows: { expiresAt: Date | null }[] = await this.q().query(`SELECT expires_at AS "expiresAt" FROM gift_cards WHERE id = $1`, [
      giftCardId,
    ]);
    return rows[0]?.expiresAt ?? null;
  }
}
