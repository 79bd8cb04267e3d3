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
  createdBy: string | null;
  createdAt: Date;
}

const PAYMENT_COLUMNS = `p.id, p.ticket_id AS "ticketId", t.number AS "ticketNumber", p.location_id AS "locationId", p.client_id AS "clientId",
  p.method, p.status, p.amount_minor AS "amountMinor", p.tendered_minor AS "tenderedMinor", p.change_minor AS "changeMinor",
  p.refunded_minor AS "refundedMinor", p.currency, p.idempotency_key AS "idempotencyKey", p.request_fingerprint AS "requestFingerprint",
  p.created_by AS "createdBy", p.created_at AS "createdAt"`;
const PAYMENTS = `payments p JOIN tickets t ON t.id = p.ticket_id`;
const REFUND_COLUMNS = `id, payment_id AS "paymentId", ticket_id AS "ticketId", amount_minor AS "amountMinor", reason,
  idempotency_key AS "idempotencyKey", request_fingerprint AS "requestFingerprint", created_by AS "createdBy", created_at AS "createdAt"`;

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

  async insert(m: EntityManager, p: Omit<PaymentRow, 'id' | 'ticketNumber' | 'refundedMinor'>): Promise<string> {
    const rows: { id: string }[] = await m.query(
      `INSERT INTO payments (ticket_id, location_id, client_id, method, status, amount_minor, tendered_minor, change_minor, currency,
         idempotency_key, request_fingerprint, created_by, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) RETURNING id`,
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
      ],
    );
    return rows[0]!.id;
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
      `INSERT INTO refunds (payment_id, ticket_id, amount_minor, reason, idempotency_key, request_fingerprint, created_by, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
      [r.paymentId, r.ticketId, r.amountMinor, r.reason, r.idempotencyKey, r.requestFingerprint, r.createdBy, r.createdAt],
    );
    return rows[0]!.id;
  }
}
