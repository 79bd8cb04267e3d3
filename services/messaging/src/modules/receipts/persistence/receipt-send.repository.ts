import { Injectable } from '@nestjs/common';
import type { ReceiptDeliveryView } from '@salon/contracts';
import { DataSource } from 'typeorm';

export interface NewReceiptSend {
  sendId: string;
  ticketId: string;
  clientId: string;
  channel: 'email' | 'sms';
  messageId: string | null;
  refusedReason: string | null;
}

/** Receipts retail asked for and what became of each; SQL only. */
@Injectable()
export class ReceiptSendRepository {
  constructor(private readonly dataSource: DataSource) {}

  async exists(sendId: string): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query(`SELECT 1 FROM receipt_sends WHERE send_id = $1`, [sendId]);
    return rows.length > 0;
  }

  /** The first outcome recorded for a send id stays (a redelivery writes nothing). */
  async record(s: NewReceiptSend): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO receipt_sends (send_id, ticket_id, client_id, channel, message_id, refused_reason) VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (send_id) DO NOTHING`,
      [s.sendId, s.ticketId, s.clientId, s.channel, s.messageId, s.refusedReason],
    );
  }

  async ofTicket(ticketId: string): Promise<ReceiptDeliveryView[]> {
    const rows: (Omit<ReceiptDeliveryView, 'createdAt'> & { createdAt: Date })[] = await this.dataSource.query(
      `SELECT r.send_id AS "sendId", r.ticket_id AS "ticketId", r.channel, m.recipient,
              CASE WHEN r.refused_reason IS NOT NULL THEN 'refused' ELSE m.status::text END AS status,
              coalesce(r.refused_reason, m.last_error) AS reason, r.created_at AS "createdAt"
         FROM receipt_sends r LEFT JOIN messages m ON m.id = r.message_id
        WHERE r.ticket_id = $1 ORDER BY r.created_at DESC, r.send_id LIMIT 50`,
      [ticketId],
    );
    return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
  }
}
