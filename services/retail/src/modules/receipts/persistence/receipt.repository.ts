import { Injectable } from '@nestjs/common';
import type { ReceiptChannel } from '@salon/contracts';
import { DataSource, type EntityManager } from 'typeorm';

export interface ReceiptSendRow {
  id: string;
  ticketId: string;
  clientId: string;
  channel: ReceiptChannel;
  idempotencyKey: string;
  requestFingerprint: string;
  requestedBy: string | null;
  requestedAt: Date;
}

const SEND_COLUMNS = `id, ticket_id AS "ticketId", client_id AS "clientId", channel, idempotency_key AS "idempotencyKey",
  request_fingerprint AS "requestFingerprint", requested_by AS "requestedBy", requested_at AS "requestedAt"`;

/** What a receipt reads beyond the ticket (the tenders' cards, a kept deposit's reason) and the sends asked; SQL only. */
@Injectable()
export class ReceiptRepository {
  constructor(private readonly dataSource: DataSource) {}

  private q(m?: EntityManager): EntityManager {
    return m ?? this.dataSource.manager;
  }

  /** Each tender's card as recorded: brand and last four digits, or nulls. */
  async cardsOf(ticketId: string, m?: EntityManager): Promise<Map<string, { brand: string | null; last4: string | null }>> {
    const rows: { id: string; brand: string | null; last4: string | null }[] = await this.q(m).query(
      `SELECT id, card_brand AS brand, card_last4 AS last4 FROM payments WHERE ticket_id = $1`,
      [ticketId],
    );
    return new Map(rows.map((r) => [r.id, { brand: r.brand, last4: r.last4 }]));
  }

  /** The reasons recorded for the ticket's fees: a deposit kept on it (no-show, late cancellation). */
  async feeReasonsOf(ticketId: string, m?: EntityManager): Promise<string[]> {
    const rows: { reason: string }[] = await this.q(m).query(
      `SELECT outcome_reason AS reason FROM booking_deposits WHERE ticket_id = $1 AND status = 'forfeited' AND outcome_reason IS NOT NULL
       ORDER BY updated_at, id`,
      [ticketId],
    );
    return rows.map((r) => r.reason);
  }

  async findSend(m: EntityManager, ticketId: string, idempotencyKey: string): Promise<ReceiptSendRow | null> {
    const rows: ReceiptSendRow[] = await m.query(
      `SELECT ${SEND_COLUMNS} FROM receipt_sends WHERE ticket_id = $1 AND idempotency_key = $2`,
      [ticketId, idempotencyKey],
    );
    return rows[0] ?? null;
  }

  async insertSend(m: EntityManager, s: Omit<ReceiptSendRow, 'id'>): Promise<ReceiptSendRow> {
    const rows: ReceiptSendRow[] = await m.query(
      `INSERT INTO receipt_sends (ticket_id, client_id, channel, idempotency_key, request_fingerprint, requested_by, requested_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING ${SEND_COLUMNS}`,
      [s.ticketId, s.clientId, s.channel, s.idempotencyKey, s.requestFingerprint, s.requestedBy, s.requestedAt],
    );
    return rows[0]!;
  }

  async sendsOf(ticketId: string): Promise<ReceiptSendRow[]> {
    return this.dataSource.query(`SELECT ${SEND_COLUMNS} FROM receipt_sends WHERE ticket_id = $1 ORDER BY requested_at DESC, id`, [
      ticketId,
    ]);
  }
}
