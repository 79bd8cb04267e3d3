import { Injectable } from '@nestjs/common';
import type { LineKind, ProductTaxClass as TaxClass, TicketStatus } from '@salon/contracts';
import { DataSource, type EntityManager } from 'typeorm';
import type { DiscountRule } from '../domain/ticket-totals.rules.js';
import type { TipRule } from '../domain/tips.rules.js';

/** The tip as stored: the rule asked for, and what it came to when the ticket was last computed. */
export interface StoredTip {
  rule: TipRule;
  amountMinor: number;
  baseMinor: number;
  splitMode: 'proportional' | 'manual';
}

export interface StoredTipShare {
  staffId: string | null;
  staffName: string | null;
  amountMinor: number;
}

export interface TicketRow {
  id: string;
  number: number;
  locationId: string;
  clientId: string | null;
  status: TicketStatus;
  currency: string;
  serviceTaxPpm: number;
  productTaxPpm: number;
  discountLimitBps: number;
  discount: DiscountRule | null;
  tip: StoredTip | null;
  tipSplit: StoredTipShare[];
  subtotalMinor: number;
  discountMinor: number;
  taxMinor: number;
  tipMinor: number;
  totalMinor: number;
  paidMinor: number;
  refundedMinor: number;
  openedBy: string | null;
  openedAt: Date;
  closedAt: Date | null;
  voidedAt: Date | null;
  voidReason: string | null;
  version: number;
  appointmentIds: string[];
}

export interface LineRow {
  id: string;
  kind: LineKind;
  name: string;
  quantity: number;
  unitPriceMinor: number;
  listUnitPriceMinor: number | null;
  staffId: string | null;
  staffName: string | null;
  appointmentId: string | null;
  serviceId: string | null;
  productId: string | null;
  /** The service's or product's category when the line was added (a snapshot; null for other kinds). */
  category: string | null;
  /** A product line's tax class (the product's when rung up); null: the kind's. */
  taxClass: TaxClass | null;
  /** The membership or package plan a line sells. */
  planId: string | null;
  /** The physical gift card number a gift card line sells (null: a code is generated at close). */
  cardCode: string | null;
  /** Why a fee line was charged, as the desk typed it (shown on the receipt); null for other kinds. */
  reason?: string | null;
  discount: DiscountRule | null;
  grossMinor: number;
  discountMinor: number;
  netMinor: number;
  taxPpm: number;
  taxMinor: number;
  totalMinor: number;
}

export type TicketTotalsRow = Pick<
  TicketRow,
  'clientId' | 'discount' | 'tip' | 'tipSplit' | 'subtotalMinor' | 'discountMinor' | 'taxMinor' | 'tipMinor' | 'totalMinor'
>;

const TICKET_COLUMNS = `
  t.id, t.number, t.location_id AS "locationId", t.client_id AS "clientId", t.status, t.currency,
  t.service_tax_ppm AS "serviceTaxPpm", t.product_tax_ppm AS "productTaxPpm", t.discount_limit_bps AS "discountLimitBps",
  t.discount, t.tip, t.tip_split AS "tipSplit", t.subtotal_minor AS "subtotalMinor", t.discount_minor AS "discountMinor",
  t.tax_minor AS "taxMinor", t.tip_minor AS "tipMinor", t.total_minor AS "totalMinor", t.paid_minor AS "paidMinor",
  t.refunded_minor AS "refundedMinor", t.opened_by AS "openedBy", t.opened_at AS "openedAt", t.closed_at AS "closedAt",
  t.voided_at AS "voidedAt", t.void_reason AS "voidReason", t.version,
  COALESCE((SELECT array_agg(a.appointment_id ORDER BY a.appointment_id) FROM ticket_appointments a WHERE a.ticket_id = t.id), '{}') AS "appointmentIds"`;

const LINE_COLUMNS = `
  id, kind, name, quantity, unit_price_minor AS "unitPriceMinor", list_unit_price_minor AS "listUnitPriceMinor",
  staff_id AS "staffId", staff_name AS "staffName", appointment_id AS "appointmentId", service_id AS "serviceId",
  product_id AS "productId", tax_class AS "taxClass", discount, gross_minor AS "grossMinor", discount_minor AS "discountMinor", net_minor AS "netMinor",
  tax_ppm AS "taxPpm", tax_minor AS "taxMinor", total_minor AS "totalMinor", plan_id AS "planId", card_code AS "cardCode", category, reason`;

/** Tickets, their lines and their appointments; SQL only. Totals are the domain's, stored as computed. */
@Injectable()
export class TicketRepository {
  constructor(private readonly dataSource: DataSource) {}

  private q(m?: EntityManager): EntityManager {
    return m ?? this.dataSource.manager;
  }

  async insert(
    m: EntityManager,
    t: {
      locationId: string;
      clientId: string | null;
      currency: string;
      serviceTaxPpm: number;
      productTaxPpm: number;
      discountLimitBps: number;
      openedBy: string | null;
      openedAt: Date;
    },
  ): Promise<string> {
    const rows: { id: string }[] = await m.query(
      `INSERT INTO tickets (location_id, client_id, currency, service_tax_ppm, product_tax_ppm, discount_limit_bps, opened_by, opened_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
      [t.locationId, t.clientId, t.currency, t.serviceTaxPpm, t.productTaxPpm, t.discountLimitBps, t.openedBy, t.openedAt],
    );
    return rows[0]!.id;
  }

  /** Fails with 23505 when an appointment is already on a live ticket (the one-live-ticket index). */
  async linkAppointments(m: EntityManager, ticketId: string, appointmentIds: readonly string[]): Promise<void> {
    if (appointmentIds.length === 0) return;
    await m.query(`INSERT INTO ticket_appointments (ticket_id, appointment_id) SELECT $1, unnest($2::uuid[])`, [ticketId, appointmentIds]);
  }

  async releaseAppointments(m: EntityManager, ticketId: string): Promise<void> {
    await m.query(`UPDATE ticket_appointments SET active = false WHERE ticket_id = $1`, [ticketId]);
  }

  async find(id: string, m?: EntityManager): Promise<TicketRow | null> {
    const rows: TicketRow[] = await this.q(m).query(`SELECT ${TICKET_COLUMNS} FROM tickets t WHERE t.id = $1`, [id]);
    return rows[0] ?? null;
  }

  /** The ticket, locked until the transaction ends: every change and every tender on it is serialised here. */
  async lock(m: EntityManager, id: string): Promise<TicketRow | null> {
    const rows: TicketRow[] = await m.query(`SELECT ${TICKET_COLUMNS} FROM tickets t WHERE t.id = $1 FOR UPDATE OF t`, [id]);
    return rows[0] ?? null;
  }

  async lines(ticketId: string, m?: EntityManager): Promise<LineRow[]> {
    return this.q(m).query(`SELECT ${LINE_COLUMNS} FROM ticket_lines WHERE ticket_id = $1 ORDER BY position`, [ticketId]);
  }

  async linesOf(ticketIds: readonly string[]): Promise<Map<string, LineRow[]>> {
    const byTicket = new Map<string, LineRow[]>(ticketIds.map((id) => [id, []]));
    if (ticketIds.length === 0) return byTicket;
    const rows: (LineRow & { ticketId: string })[] = await this.dataSource.query(
      `SELECT ticket_id AS "ticketId", ${LINE_COLUMNS} FROM ticket_lines WHERE ticket_id = ANY($1::uuid[]) ORDER BY ticket_id, position`,
      [ticketIds],
    );
    for (const { ticketId, ...line } of rows) byTicket.get(ticketId)?.push(line);
    return byTicket;
  }

  /** The list is replaced as a whole (ids kept), in its new order; answers the lines as stored. */
  async replaceLines(m: EntityManager, ticketId: string, lines: readonly LineRow[]): Promise<LineRow[]> {
    await m.query(`DELETE FROM ticket_lines WHERE ticket_id = $1`, [ticketId]);
    if (lines.length === 0) return [];
    const values: unknown[] = [];
    const tuples = lines.map((l, position) => {
      const row = [
        l.id,
        ticketId,
        position,
        l.kind,
        l.name,
        l.quantity,
        l.unitPriceMinor,
        l.listUnitPriceMinor,
        l.staffId,
        l.staffName,
        l.appointmentId,
        l.serviceId,
        l.productId,
        l.taxClass,
        l.discount ? JSON.stringify(l.discount) : null,
        l.grossMinor,
        l.discountMinor,
        l.netMinor,
        l.taxPpm,
        l.taxMinor,
        l.totalMinor,
        l.planId,
        l.cardCode,
        l.category,
        l.reason ?? null,
      ];
      const start = values.length;
      values.push(...row);
      return `(${row.map((_, i) => `$${start + i + 1}`).join(', ')})`;
    });
    const stored: LineRow[] = await m.query(
      `INSERT INTO ticket_lines (id, ticket_id, position, kind, name, quantity, unit_price_minor, list_unit_price_minor, staff_id, staff_name,
         appointment_id, service_id, product_id, tax_class, discount, gross_minor, discount_minor, net_minor, tax_ppm, tax_minor, total_minor, plan_id, card_code, category, reason)
       VALUES ${tuples.join(', ')} RETURNING ${LINE_COLUMNS}`,
      values,
    );
    // RETURNING's order is not promised: the list's own order is.
    const order = new Map(lines.map((l, i) => [l.id, i]));
    return stored.sort((a, b) => order.get(a.id)! - order.get(b.id)!);
  }

  /** Answers the ticket as saved. */
  async saveTotals(m: EntityManager, id: string, t: TicketTotalsRow): Promise<TicketRow> {
    // An UPDATE through TypeORM answers [rows, count].
    const [[row]] = (await m.query(
      `UPDATE tickets t SET client_id = $2, discount = $3, tip = $4, tip_split = $5, subtotal_minor = $6, discount_minor = $7, tax_minor = $8,
         tip_minor = $9, total_minor = $10, version = t.version + 1, updated_at = now() WHERE t.id = $1 RETURNING ${TICKET_COLUMNS}`,
      [
        id,
        t.clientId,
        t.discount ? JSON.stringify(t.discount) : null,
        t.tip ? JSON.stringify(t.tip) : null,
        JSON.stringify(t.tipSplit),
        t.subtotalMinor,
        t.discountMinor,
        t.taxMinor,
        t.tipMinor,
        t.totalMinor,
      ],
    )) as [TicketRow[], number];
    return row!;
  }

  /** A tender was taken: what is paid now, and the ticket closed when that is everything. */
  async recordPaid(m: EntityManager, id: string, paidMinor: number, closedAt: Date | null): Promise<void> {
    await m.query(
      `UPDATE tickets SET paid_minor = $2, status = CASE WHEN $3::timestamptz IS NULL THEN status ELSE 'closed' END,
         closed_at = COALESCE($3::timestamptz, closed_at), version = version + 1, updated_at = now() WHERE id = $1`,
      [id, paidMinor, closedAt],
    );
  }

  async recordRefunded(m: EntityManager, id: string, amountMinor: number): Promise<void> {
    await m.query(`UPDATE tickets SET refunded_minor = refunded_minor + $2, version = version + 1, updated_at = now() WHERE id = $1`, [
      id,
      amountMinor,
    ]);
  }

  async markVoided(m: EntityManager, id: string, at: Date, reason: string): Promise<void> {
    await m.query(
      `UPDATE tickets SET status = 'voided', voided_at = $2, void_reason = $3, version = version + 1, updated_at = now() WHERE id = $1`,
      [id, at, reason],
    );
  }

  /** A location's tickets, newest first: of a status, opened in [from, to) when given. */
  async list(filter: { locationId: string; status?: TicketStatus; from?: Date; to?: Date }): Promise<TicketRow[]> {
    const where = ['t.location_id = $1'];
    const params: unknown[] = [filter.locationId];
    if (filter.status) where.push(`t.status = $${params.push(filter.status)}`);
    if (filter.from) where.push(`t.opened_at >= $${params.push(filter.from)}`);
    if (filter.to) where.push(`t.opened_at < $${params.push(filter.to)}`);
    return this.dataSource.query(
      `SELECT ${TICKET_COLUMNS} FROM tickets t WHERE ${where.join(' AND ')} ORDER BY t.opened_at DESC LIMIT 500`,
      params,
    );
  }

  /** Closed tickets of a client, or of a period (closed in [from, to)), newest first. */
  async closed(filter: { clientId?: string; locationId?: string; from?: Date; to?: Date }): Promise<TicketRow[]> {
    const where = [`t.status = 'closed'`];
    const params: unknown[] = [];
    if (filter.clientId) where.push(`t.client_id = $${params.push(filter.clientId)}`);
    if (filter.locationId) where.push(`t.location_id = $${params.push(filter.locationId)}`);
    if (filter.from) where.push(`t.closed_at >= $${params.push(filter.from)}`);
    if (filter.to) where.push(`t.closed_at < $${params.push(filter.to)}`);
    return this.dataSource.query(
      `SELECT ${TICKET_COLUMNS} FROM tickets t WHERE ${where.join(' AND ')} ORDER BY t.closed_at DESC LIMIT 1000`,
      params,
    );
  }

  /** For each appointment on a live ticket: that ticket's id and status. */
  async liveTicketsOf(appointmentIds: readonly string[]): Promise<Map<string, { ticketId: string; status: TicketStatus }>> {
    if (appointmentIds.length === 0) return new Map();
    const rows: { appointmentId: string; ticketId: string; status: TicketStatus }[] = await this.dataSource.query(
      `SELECT a.appointment_id AS "appointmentId", t.id AS "ticketId", t.status FROM ticket_appointments a JOIN tickets t ON t.id = a.ticket_id
       WHERE a.active AND a.appointment_id = ANY($1::uuid[])`,
      [appointmentIds],
    );
    return new Map(rows.map((r) => [r.appointmentId, { ticketId: r.ticketId, status: r.status }]));
  }

  /** A merged-away client's tickets now belong to the survivor. */
  async repointClient(m: EntityManager, fromClientId: string, toClientId: string): Promise<number> {
    // TypeORM answers an UPDATE as [rows, count].
    const [, count] = (await m.query(`UPDATE tickets SET client_id = $2 WHERE client_id = $1`, [fromClientId, toClientId])) as [
      unknown,
      number,
    ];
    await m.query(`UPDATE payments SET client_id = $2 WHERE client_id = $1`, [fromClientId, toClientId]);
    return count;
  }
}
