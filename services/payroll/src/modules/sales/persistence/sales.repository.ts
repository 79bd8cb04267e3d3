import { Injectable } from '@nestjs/common';
import type { EventPayload } from '@salon/contracts';
import { DataSource, type EntityManager } from 'typeorm';

export interface StaffSaleRow {
  lineId: string;
  ticketId: string;
  locationId: string | null;
  closedAt: Date;
  kind: string;
  serviceId: string | null;
  category: string | null;
  name: string;
  quantity: number;
  netMinor: number;
  staffId: string;
}

export interface TipRow {
  ticketId: string;
  locationId: string | null;
  closedAt: Date;
  staffId: string;
  amountMinor: number;
  ticketTotalMinor: number;
  cardPaidMinor: number;
}

export interface RefundRow {
  refundId: string;
  ticketId: string;
  locationId: string | null;
  amountMinor: number;
  refundedAt: Date;
  ticketTotalMinor: number | null;
}

/**
 * Retail's sales as its events told them (sales_* tables): payroll pays on these and never reads
 * retail's database. Each write is keyed by the event's own ids, so a replay changes nothing. Lines,
 * tips and payments carry their ticket's close instant and location (a ticket closes once; a payment
 * projected first gets them when the ticket comes), so the reports read them by instant without
 * going through the tickets.
 */
@Injectable()
export class SalesRepository {
  constructor(private readonly dataSource: DataSource) {}

  async recordClosed(m: EntityManager, locationId: string | null, p: EventPayload<'retail.ticket.closed.v1'>): Promise<void> {
    await m.query(
      `INSERT INTO sales_tickets (ticket_id, location_id, number, closed_at, total_minor, tip_minor, currency, client_id, subtotal_minor, discount_minor, tax_minor)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) ON CONFLICT (ticket_id) DO NOTHING`,
      [
        p.ticketId,
        locationId,
        p.number,
        p.closedAt,
        p.totalMinor,
        p.tipMinor,
        p.currency,
        p.clientId,
        p.subtotalMinor,
        p.discountMinor,
        p.taxMinor,
      ],
    );
    for (const [i, l] of p.lines.entries()) {
      await m.query(
        `INSERT INTO sales_lines (line_id, ticket_id, position, kind, name, quantity, net_minor, staff_id, service_id, product_id, appointment_id, category,
           closed_at, location_id)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14) ON CONFLICT (line_id) DO NOTHING`,
        // Events from before lineId was added name the line by ticket and position.
        [
          l.lineId ?? `${p.ticketId}:${i}`,
          p.ticketId,
          i,
          l.kind,
          l.name,
          l.quantity,
          l.netMinor,
          l.staffId,
          l.serviceId,
          l.productId ?? null,
          l.appointmentId,
          l.category ?? null,
          p.closedAt,
          locationId,
        ],
      );
    }
    // A payment projected before its ticket (each event type has its own consumer) learns the ticket's close now.
    await m.query(`UPDATE sales_payments SET closed_at = $2, location_id = $3 WHERE ticket_id = $1 AND closed_at IS NULL`, [
      p.ticketId,
      p.closedAt,
      locationId,
    ]);
    const tips = new Map<string, number>();
    for (const t of p.tips) if (t.staffId) tips.set(t.staffId, (tips.get(t.staffId) ?? 0) + t.amountMinor);
    for (const [staffId, amount] of tips) {
      await m.query(
        `INSERT INTO sales_tips (ticket_id, staff_id, amount_minor, closed_at, location_id) VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING`,
        [p.ticketId, staffId, amount, p.closedAt, locationId],
      );
    }
  }

  async recordPayment(m: EntityManager, occurredAt: string, p: EventPayload<'retail.payment.succeeded.v1'>): Promise<void> {
    await m.query(
      `INSERT INTO sales_payments (payment_id, ticket_id, method, amount_minor, occurred_at, closed_at, location_id)
       SELECT $1, $2, $3, $4, $5, t.closed_at, t.location_id FROM (SELECT 1) one LEFT JOIN sales_tickets t ON t.ticket_id = $2
       ON CONFLICT DO NOTHING`,
      [p.paymentId, p.ticketId, p.method, p.amountMinor, occurredAt],
    );
  }

  async recordRefund(
    m: EntityManager,
    locationId: string | null,
    occurredAt: string,
    p: EventPayload<'retail.payment.refunded.v1'>,
  ): Promise<void> {
    await m.query(
      `INSERT INTO sales_refunds (refund_id, payment_id, ticket_id, location_id, amount_minor, reason, refunded_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT DO NOTHING`,
      [p.refundId, p.paymentId, p.ticketId, locationId, p.amountMinor, p.reason, occurredAt],
    );
  }

  /** Service and product lines performed by staff, on tickets closed in [from, to). */
  async staffLines(from: Date, to: Date, m?: EntityManager): Promise<StaffSaleRow[]> {
    return (m ?? this.dataSource.manager).query(
      `SELECT l.line_id AS "lineId", l.ticket_id AS "ticketId", t.location_id AS "locationId", t.closed_at AS "closedAt", l.kind,
              l.service_id AS "serviceId", l.category, l.name, l.quantity, l.net_minor AS "netMinor", l.staff_id AS "staffId"
       FROM sales_lines l JOIN sales_tickets t ON t.ticket_id = l.ticket_id
       WHERE t.closed_at >= $1 AND t.closed_at < $2 AND l.staff_id IS NOT NULL AND l.kind IN ('service', 'product')
       ORDER BY t.closed_at, l.position`,
      [from, to],
    );
  }

  async tips(from: Date, to: Date, m?: EntityManager): Promise<TipRow[]> {
    return (m ?? this.dataSource.manager).query(
      `SELECT s.ticket_id AS "ticketId", t.location_id AS "locationId", t.closed_at AS "closedAt", s.staff_id AS "staffId",
              s.amount_minor AS "amountMinor", t.total_minor AS "ticketTotalMinor",
              COALESCE((SELECT sum(p.amount_minor) FROM sales_payments p WHERE p.ticket_id = t.ticket_id AND p.method <> 'cash'), 0)::int AS "cardPaidMinor"
       FROM sales_tips s JOIN sales_tickets t ON t.ticket_id = s.ticket_id
       WHERE t.closed_at >= $1 AND t.closed_at < $2 ORDER BY t.closed_at`,
      [from, to],
    );
  }

  async refunds(from: Date, to: Date, m?: EntityManager): Promise<RefundRow[]> {
    return (m ?? this.dataSource.manager).query(
      `SELECT r.refund_id AS "refundId", r.ticket_id AS "ticketId", COALESCE(r.location_id, t.location_id) AS "locationId",
              r.amount_minor AS "amountMinor", r.refunded_at AS "refundedAt", t.total_minor AS "ticketTotalMinor"
       FROM sales_refunds r LEFT JOIN sales_tickets t ON t.ticket_id = r.ticket_id
       WHERE r.refunded_at >= $1 AND r.refunded_at < $2 ORDER BY r.refunded_at`,
      [from, to],
    );
  }

  /**
   * An appointment as its events tell it, whatever order they arrive in (each event type has its own
   * consumer, so a completion can land before the booking): the latest event by occurredAt sets
   * the status and what it carries; an older one only fills what is still missing. A rebuild that
   * replays in another order gives the same row.
   */
  async recordAppointment(
    m: EntityManager,
    a: {
      appointmentId: string;
      locationId: string | null;
      status: string;
      at: string;
      clientId?: string;
      staffId?: string;
      serviceId?: string;
      startsAt?: string;
      endsAt?: string | null;
      priceMinor?: number | null;
      source?: string | null;
    },
  ): Promise<void> {
    await m.query(
      `INSERT INTO appointments (appointment_id, location_id, client_id, staff_id, service_id, starts_at, ends_at, price_minor, source, status, updated_at)
       VALUES ($1, $2, $3, $4, $5, COALESCE($6::timestamptz, $11::timestamptz), $7, $8, $9, $10, $11)
       ON CONFLICT (appointment_id) DO UPDATE SET
         location_id = CASE WHEN (EXCLUDED.updated_at >= appointments.updated_at) THEN COALESCE(EXCLUDED.location_id, appointments.location_id) ELSE COALESCE(appointments.location_id, EXCLUDED.location_id) END,
         client_id = CASE WHEN (EXCLUDED.updated_at >= appointments.updated_at) THEN COALESCE(EXCLUDED.client_id, appointments.client_id) ELSE COALESCE(appointments.client_id, EXCLUDED.client_id) END,
         staff_id = CASE WHEN (EXCLUDED.updated_at >= appointments.updated_at) THEN COALESCE(EXCLUDED.staff_id, appointments.staff_id) ELSE COALESCE(appointments.staff_id, EXCLUDED.staff_id) END,
         service_id = CASE WHEN (EXCLUDED.updated_at >= appointments.updated_at) THEN COALESCE(EXCLUDED.service_id, appointments.service_id) ELSE COALESCE(appointments.service_id, EXCLUDED.service_id) END,
         ends_at = CASE WHEN (EXCLUDED.updated_at >= appointments.updated_at) THEN COALESCE(EXCLUDED.ends_at, appointments.ends_at) ELSE COALESCE(appointments.ends_at, EXCLUDED.ends_at) END,
         price_minor = CASE WHEN (EXCLUDED.updated_at >= appointments.updated_at) THEN COALESCE(EXCLUDED.price_minor, appointments.price_minor) ELSE COALESCE(appointments.price_minor, EXCLUDED.price_minor) END,
         source = CASE WHEN (EXCLUDED.updated_at >= appointments.updated_at) THEN COALESCE(EXCLUDED.source, appointments.source) ELSE COALESCE(appointments.source, EXCLUDED.source) END,
         starts_at = CASE WHEN $6::timestamptz IS NOT NULL AND (EXCLUDED.updated_at >= appointments.updated_at) THEN EXCLUDED.starts_at ELSE appointments.starts_at END,
         status = CASE WHEN (EXCLUDED.updated_at >= appointments.updated_at) THEN EXCLUDED.status ELSE appointments.status END,
         updated_at = GREATEST(appointments.updated_at, EXCLUDED.updated_at)`,
      [
        a.appointmentId,
        a.locationId,
        a.clientId ?? null,
        a.staffId ?? null,
        a.serviceId ?? null,
        a.startsAt ?? null,
        a.endsAt ?? null,
        a.priceMinor ?? null,
        a.source ?? null,
        a.status,
        a.at,
      ],
    );
  }
}
