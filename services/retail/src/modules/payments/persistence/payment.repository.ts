import { Injectable } from '@nestjs/common';
import type { PaymentStatus, TenderMethod } from '@salon/contracts';
import { DataSource, type EntityManager } from 'typeorm';

export interface PaymentRow {
  id: string;
  ticketId: string;
  ticketNumber: number;
  locationId: string;
  clientId: string | null;
  method: TenderMethod;
  status: PaymentStatus;
  amountMinor: number;
  tenderedMinor: number | null;
  changeMinor: number;
  refundedMinor: number;
  currency: string;
  idempotencyKey: string;
  requestFingerprint: string;
  /** The card processor's id (Stripe's PaymentIntent) of a card tender. */
  providerRef: string | null;
  failureReason: string | null;
  actionUrl: string | null;
  readerId: string | null;
  tipMinor: number;
  /** The card that paid (brand and last four digits, never more), once known. */
  cardBrand?: string | null;
  cardLast4?: string | null;
  createdBy: string | null;
  createdAt: Date;
}

export interface RefundRow {
  id: string;
  paymentId: string;
  ticketId: string;
  amountMinor: number;
  reason: string;
  idempotencyKey: string | null;
  requestFingerprint: string | null;
  providerRef?: string | null;
  createdBy: string | null;
  createdAt: Date;
}

const PAYMENT_COLUMNS = `p.id, p.ticket_id AS "ticketId", t.number AS "ticketNumber", p.location_id AS "locationId", p.client_id AS "clientId",
  p.method, p.status, p.amount_minor AS "amountMinor", p.tendered_minor AS "tenderedMinor", p.change_minor AS "changeMinor",
  p.refunded_minor AS "refundedMinor", p.currency, p.idempotency_key AS "idempotencyKey", p.request_fingerprint AS "requestFingerprint",
  p.provider_ref AS "providerRef", p.failure_reason AS "failureReason", p.action_url AS "actionUrl", p.reader_id AS "readerId", p.tip_minor AS "tipMinor",
  p.card_brand AS "cardBrand", p.card_last4 AS "cardLast4", p.created_by AS "createdBy", p.created_at AS "createdAt"`;
const PAYMENTS = `payments p JOIN tickets t ON t.id = p.ticket_id`;
const REFUND_COLUMNS = `id, payment_id AS "paymentId", ticket_id AS "ticketId", amount_minor AS "amountMinor", reason,
  idempotency_key AS "idempotencyKey", request_fingerprint AS "requestFingerprint", provider_ref AS "providerRef", created_by AS "createdBy", created_at AS "createdAt"`;

/** Tenders and their refunds; SQL only. */
@Injectable()
export class PaymentRepository {
  constructor(private readonly dataSource: DataSource) {}

  private q(m?: EntityManager): EntityManager {
    return m ?? this.dataSource.manager;
  }

  async find(id: string, m?: EntityManager): Promise<PaymentRow | null> {
    const rows: PaymentRow[] = await this.q(m).query(`SELECT ${PAYMENT_COLUMNS} FROM ${PAYMENTS} WHERE p.id = $1`, [id]);
    return rows[0] ?? null;
  }

  async lock(m: EntityManager, id: string): Promise<PaymentRow | null> {
    await m.query(`SELECT 1 FROM payments WHERE id = $1 FOR UPDATE`, [id]);
    return this.find(id, m);
  }

  async findByKey(m: EntityManager, idempotencyKey: string): Promise<PaymentRow | null> {
    const rows: PaymentRow[] = await m.query(`SELECT ${PAYMENT_COLUMNS} FROM ${PAYMENTS} WHERE p.idempotency_key = $1`, [idempotencyKey]);
    return rows[0] ?? null;
  }

  async insert(
    m: EntityManager,
    p: Omit<PaymentRow, 'id' | 'ticketNumber' | 'refundedMinor' | 'providerRef' | 'failureReason' | 'actionUrl' | 'readerId' | 'tipMinor'> &
      Partial<Pick<PaymentRow, 'providerRef' | 'failureReason' | 'actionUrl' | 'readerId'>>,
  ): Promise<string> {
    const rows: { id: string }[] = await m.query(
      `INSERT INTO payments (ticket_id, location_id, client_id, method, status, amount_minor, tendered_minor, change_minor, currency,
         idempotency_key, request_fingerprint, created_by, created_at, provider_ref, failure_reason, action_url, reader_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17) RETURNING id`,
      [
        p.ticketId,
        p.locationId,
        p.clientId,
        p.method,
        p.status,
        p.amountMinor,
        p.tenderedMinor,
        p.changeMinor,
        p.currency,
        p.idempotencyKey,
        p.requestFingerprint,
        p.createdBy,
        p.createdAt,
        p.providerRef ?? null,
        p.failureReason ?? null,
        p.actionUrl ?? null,
        p.readerId ?? null,
      ],
    );
    return rows[0]!.id;
  }

  /** The card a tender was paid with, as the receipt shows it: brand and last four digits, never more. */
  async recordCard(m: EntityManager, paymentId: string, card: { brand: string; last4: string }): Promise<void> {
    await m.query(`UPDATE payments SET card_brand = $2, card_last4 = $3 WHERE id = $1`, [paymentId, card.brand, card.last4]);
  }

  /** The card tender of a processor's intent. */
  async findByProviderRef(m: EntityManager, providerRef: string): Promise<PaymentRow | null> {
    const rows: PaymentRow[] = await m.query(`SELECT ${PAYMENT_COLUMNS} FROM ${PAYMENTS} WHERE p.provider_ref = $1`, [providerRef]);
    return rows[0] ?? null;
  }

  /** What pending card tenders hold on a ticket: the balance left for a new tender excludes it. */
  async pendingMinor(m: EntityManager, ticketId: string): Promise<number> {
    const rows: { pending: string }[] = await m.query(
      `SELECT COALESCE(SUM(amount_minor), 0) AS pending FROM payments WHERE ticket_id = $1 AND status = 'pending'`,
      [ticketId],
    );
    return Number(rows[0]!.pending);
  }

  async updateCard(
    m: EntityManager,
    id: string,
    change: Pick<PaymentRow, 'status' | 'failureReason' | 'actionUrl'> & { amountMinor?: number; tipMinor?: number },
  ): Promise<void> {
    await m.query(
      `UPDATE payments SET status = $2, failure_reason = $3, action_url = $4, amount_minor = COALESCE($5, amount_minor),
         tip_minor = COALESCE($6, tip_minor) WHERE id = $1`,
      [id, change.status, change.failureReason, change.actionUrl, change.amountMinor ?? null, change.tipMinor ?? null],
    );
  }

  async refundProviderRefs(m: EntityManager, paymentId: string): Promise<Set<string>> {
    const rows: { ref: string }[] = await m.query(
      `SELECT provider_ref AS ref FROM refunds WHERE payment_id = $1 AND provider_ref IS NOT NULL`,
      [paymentId],
    );
    return new Set(rows.map((r) => r.ref));
  }

  async addRefunded(m: EntityManager, id: string, amountMinor: number): Promise<void> {
    await m.query(`UPDATE payments SET refunded_minor = refunded_minor + $2 WHERE id = $1`, [id, amountMinor]);
  }

  async forTickets(ticketIds: readonly string[], m?: EntityManager): Promise<PaymentRow[]> {
    if (ticketIds.length === 0) return [];
    return this.q(m).query(`SELECT ${PAYMENT_COLUMNS} FROM ${PAYMENTS} WHERE p.ticket_id = ANY($1::uuid[]) ORDER BY p.created_at, p.id`, [
      ticketIds,
    ]);
  }

  /** Payments taken in [from, to), newest first, of a location and/or a client. */
  async list(filter: { from?: Date; to?: Date; locationId?: string; clientId?: string }): Promise<PaymentRow[]> {
    const where: string[] = [];
    const params: unknown[] = [];
    if (filter.from) where.push(`p.created_at >= $${params.push(filter.from)}`);
    if (filter.to) where.push(`p.created_at < $${params.push(filter.to)}`);
    if (filter.locationId) where.push(`p.location_id = $${params.push(filter.locationId)}`);
    if (filter.clientId) where.push(`p.client_id = $${params.push(filter.clientId)}`);
    return this.dataSource.query(
      `SELECT ${PAYMENT_COLUMNS} FROM ${PAYMENTS} ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY p.created_at DESC LIMIT 1000`,
      params,
    );
  }

  async refundsOf(paymentIds: readonly string[], m?: EntityManager): Promise<Map<string, RefundRow[]>> {
    const byPayment = new Map<string, RefundRow[]>(paymentIds.map((id) => [id, []]));
    if (paymentIds.length === 0) return byPayment;
    const rows: RefundRow[] = await this.q(m).query(
      `SELECT ${REFUND_COLUMNS} FROM refunds WHERE payment_id = ANY($1::uuid[]) ORDER BY created_at, id`,
      [paymentIds],
    );
    for (const r of rows) byPayment.get(r.paymentId)?.push(r);
    return byPayment;
  }

  async findRefundByKey(m: EntityManager, idempotencyKey: string): Promise<RefundRow | null> {
    const rows: RefundRow[] = await m.query(`SELECT ${REFUND_COLUMNS} FROM refunds WHERE idempotency_key = $1`, [idempotencyKey]);
    return rows[0] ?? null;
  }

  async findRefund(m: EntityManager, id: string): Promise<RefundRow | null> {
    const rows: RefundRow[] = await m.query(`SELECT ${REFUND_COLUMNS} FROM refunds WHERE id = $1`, [id]);
    return rows[0] ?? null;
  }

  async insertRefund(m: EntityManager, r: Omit<RefundRow, 'id'>): Promise<string> {
    const rows: { id: string }[] = await m.query(
      `INSERT INTO refunds (payment_id, ticket_id, amount_minor, reason, idempotency_key, request_fingerprint, created_by, created_at, provider_ref)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
      [
        r.paymentId,
        r.ticketId,
        r.amountMinor,
        r.reason,
        r.idempotencyKey,
        r.requestFingerprint,
        r.createdBy,
        r.createdAt,
        r.providerRef ?? null,
      ],
    );
    return rows[0]!.id;
  }
}
