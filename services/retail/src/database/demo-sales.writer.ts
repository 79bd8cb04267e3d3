import type { ProductTaxClass } from '@salon/contracts';
import type { OutboxWriter } from '@salon/nest-kit';
import type { EntityManager } from 'typeorm';
import type { StockRepository } from '../modules/products/persistence/stock.repository.js';
import { percentToBps } from '../modules/tickets/domain/money.rules.js';
import { computeTotals, type TicketDraft } from '../modules/tickets/domain/ticket-totals.rules.js';
import type { HistoryTender } from './demo-history.js';

/** A demo sale's line as the seed rings it up (quantity one, no discount). */
export interface DemoSaleLine {
  kind: 'service' | 'product';
  name: string;
  unitPriceMinor: number;
  staffId: string | null;
  appointmentId: string | null;
  serviceId: string | null;
  productId: string | null;
  taxClass?: ProductTaxClass;
}

export interface DemoTender {
  method: 'cash' | 'card';
  amountMinor: number;
  /** Cash handed over (change = tendered − amount). */
  tenderedMinor?: number;
}

export interface DemoSale {
  locationId: string;
  clientId: string | null;
  appointmentIds: string[];
  openedAt: Date;
  closedAt: Date;
  rates: TicketDraft['rates'];
  tipPercent: number;
  lines: DemoSaleLine[];
  /** The tenders for the computed total; they must add up to it. */
  tenders: (totalMinor: number) => DemoTender[];
}

export interface WrittenSale {
  ticketId: string;
  locationId: string;
  clientId: string | null;
  appointmentIds: string[];
  lines: { kind: string; netMinor: number; totalMinor: number }[];
  payments: { id: string; method: DemoTender['method']; amountMinor: number }[];
}

/**
 * How a demo history ticket was paid: by card, in cash (rounded up to a $20 note when asked, change
 * given), or half by card and the rest in cash.
 */
export function historyTenders(tender: HistoryTender, roundUpCash: boolean, totalMinor: number): DemoTender[] {
  const cash = (amountMinor: number): DemoTender => ({
    method: 'cash',
    amountMinor,
    tenderedMinor: roundUpCash ? Math.ceil(amountMinor / 2000) * 2000 : amountMinor,
  });
  if (tender === 'card') return [{ method: 'card', amountMinor: totalMinor }];
  if (tender === 'cash') return [cash(totalMinor)];
  const card = Math.round(totalMinor / 2);
  return [{ method: 'card', amountMinor: card }, cash(totalMinor - card)];
}

/**
 * SEED-ONLY: writes a past, closed and paid ticket the way checkout leaves one (totals from the
 * domain's computeTotals, products out of stock, tenders, and the same outbox events a live close
 * and a live refund publish, dated when they happened), so every consumer (payroll's reports,
 * clients' history, scheduling) learns of it as of a real sale. Never used by the running service.
 */
export class DemoSaleWriter {
  constructor(
    private readonly outbox: OutboxWriter,
    private readonly stock: StockRepository,
    private readonly names: ReadonlyMap<string, string>,
  ) {}

  async write(m: EntityManager, sale: DemoSale): Promise<WrittenSale | null> {
    const lines = sale.lines.map((l) => ({
      ...l,
      quantity: 1,
      listUnitPriceMinor: l.kind === 'service' ? l.unitPriceMinor : null,
      discount: null,
    }));
    const tip = sale.tipPercent ? { mode: 'percent' as const, bps: percentToBps(sale.tipPercent) } : null;
    const outcome = computeTotals({ lines, discount: null, tip, rates: sale.rates });
    if (!outcome.ok) return null;
    const t = outcome.totals;
    const tenders = sale.tenders(t.totalMinor);
    if (tenders.reduce((sum, p) => sum + p.amountMinor, 0) !== t.totalMinor) throw new Error('demo tenders do not add up to the total');
    const staffName = (id: string | null) => (id ? (this.names.get(id) ?? null) : null);
    const tipSplit = (t.tip?.split ?? []).map((s) => ({ staffId: s.staffId, staffName: staffName(s.staffId), amountMinor: s.amountMinor }));
    const [ticket] = await m.query(
      `INSERT INTO tickets (location_id, client_id, status, service_tax_ppm, product_tax_ppm, discount_limit_bps, tip, tip_split,
         subtotal_minor, discount_minor, tax_minor, tip_minor, total_minor, paid_minor, opened_at, closed_at)
       VALUES ($1, $2, 'closed', $3, $4, 2000, $5, $6, $7, 0, $8, $9, $10, $10, $11, $12) RETURNING id, number`,
      [
        sale.locationId,
        sale.clientId,
        sale.rates.servicePpm,
        sale.rates.productPpm,
        tip && t.tip
          ? JSON.stringify({ rule: tip, amountMinor: t.tip.amountMinor, baseMinor: t.tip.baseMinor, splitMode: 'proportional' })
          : null,
        JSON.stringify(tipSplit),
        t.subtotalMinor,
        t.taxMinor,
        t.tipMinor,
        t.totalMinor,
        sale.openedAt,
        sale.closedAt,
      ],
    );
    const ticketId = ticket.id as string;
    for (const appointmentId of sale.appointmentIds)
      await m.query(`INSERT INTO ticket_appointments (ticket_id, appointment_id) VALUES ($1, $2)`, [ticketId, appointmentId]);
    const lineIds: string[] = [];
    for (const [position, l] of lines.entries()) {
      const lt = t.lines[position]!;
      const [row] = await m.query(
        `INSERT INTO ticket_lines (ticket_id, position, kind, name, quantity, unit_price_minor, list_unit_price_minor, staff_id, staff_name,
           appointment_id, service_id, gross_minor, discount_minor, net_minor, tax_ppm, tax_minor, total_minor, product_id, tax_class)
         VALUES ($1, $2, $3, $4, 1, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18) RETURNING id`,
        [
          ticketId,
          position,
          l.kind,
          l.name,
          l.unitPriceMinor,
          l.listUnitPriceMinor,
          l.staffId,
          staffName(l.staffId),
          l.appointmentId,
          l.serviceId,
          lt.grossMinor,
          lt.discountMinor,
          lt.netMinor,
          lt.taxPpm,
          lt.taxMinor,
          lt.totalMinor,
          l.kind === 'product' ? l.productId : null,
          l.kind === 'product' ? (l.taxClass ?? 'product') : null,
        ],
      );
      lineIds.push(row.id as string);
      if (l.kind === 'product' && l.productId) await this.sold(m, l.productId, sale.locationId, ticketId, row.id as string, sale.closedAt);
    }
    const envelope = { aggregateType: 'ticket', aggregateId: ticketId, locationId: sale.locationId, occurredAt: sale.closedAt };
    const payments: WrittenSale['payments'] = [];
    for (const [i, p] of tenders.entries()) {
      const tendered = p.method === 'cash' ? (p.tenderedMinor ?? p.amountMinor) : null;
      const [payment] = await m.query(
        `INSERT INTO payments (ticket_id, location_id, client_id, method, status, amount_minor, tendered_minor, change_minor, currency,
           idempotency_key, request_fingerprint, created_at)
         VALUES ($1, $2, $3, $4, 'succeeded', $5, $6, $7, 'USD', $8, 'seed', $9) RETURNING id`,
        [
          ticketId,
          sale.locationId,
          sale.clientId,
          p.method,
          p.amountMinor,
          tendered,
          tendered === null ? 0 : tendered - p.amountMinor,
          i === 0 ? `seed-${ticketId}` : `seed-${ticketId}-${i}`,
          sale.closedAt,
        ],
      );
      payments.push({ id: payment.id as string, method: p.method, amountMinor: p.amountMinor });
    }
    await this.outbox.appendAll(m, [
      ...payments.map((p) => ({
        ...envelope,
        type: 'retail.payment.succeeded.v1' as const,
        payload: {
          paymentId: p.id,
          ticketId,
          clientId: sale.clientId,
          method: p.method,
          amountMinor: p.amountMinor,
          currency: 'USD',
          appointmentIds: sale.appointmentIds,
        },
      })),
      {
        ...envelope,
        type: 'retail.ticket.closed.v1' as const,
        payload: {
          ticketId,
          number: ticket.number as number,
          clientId: sale.clientId,
          appointmentIds: sale.appointmentIds,
          closedAt: sale.closedAt.toISOString(),
          subtotalMinor: t.subtotalMinor,
          discountMinor: 0,
          taxMinor: t.taxMinor,
          tipMinor: t.tipMinor,
          totalMinor: t.totalMinor,
          currency: 'USD',
          lines: lines.map((l, p) => ({
            kind: l.kind,
            name: l.name,
            quantity: 1,
            netMinor: t.lines[p]!.netMinor,
            staffId: l.staffId,
            appointmentId: l.appointmentId,
            serviceId: l.serviceId,
            lineId: lineIds[p],
            productId: l.kind === 'product' ? l.productId : null,
          })),
          tips: tipSplit.map((s) => ({ staffId: s.staffId, amountMinor: s.amountMinor })),
        },
      },
    ]);
    return {
      ticketId,
      locationId: sale.locationId,
      clientId: sale.clientId,
      appointmentIds: sale.appointmentIds,
      lines: t.lines.map((l, p) => ({ kind: lines[p]!.kind, netMinor: l.netMinor, totalMinor: l.totalMinor })),
      payments,
    };
  }

  /**
   * A refund of a written sale, from the largest tender that covers it, published as a live refund is
   * (on the ticket's aggregate, dated at the refund). Answers false when no tender covers it.
   */
  async refund(m: EntityManager, sale: WrittenSale, amountMinor: number, reason: string, at: Date): Promise<boolean> {
    const payment = [...sale.payments].sort((a, b) => b.amountMinor - a.amountMinor).find((p) => p.amountMinor >= amountMinor);
    if (!payment) return false;
    const [refund] = await m.query(
      `INSERT INTO refunds (payment_id, ticket_id, amount_minor, reason, idempotency_key, request_fingerprint, created_by, created_at)
       VALUES ($1, $2, $3, $4, $5, 'seed', NULL, $6) RETURNING id`,
      [payment.id, sale.ticketId, amountMinor, reason, `seed-refund-${payment.id}`, at],
    );
    await m.query(`UPDATE payments SET refunded_minor = refunded_minor + $2 WHERE id = $1`, [payment.id, amountMinor]);
    await m.query(`UPDATE tickets SET refunded_minor = refunded_minor + $2 WHERE id = $1`, [sale.ticketId, amountMinor]);
    await this.outbox.append(m, {
      type: 'retail.payment.refunded.v1',
      aggregateType: 'ticket',
      aggregateId: sale.ticketId,
      locationId: sale.locationId,
      occurredAt: at,
      payload: {
        refundId: refund.id as string,
        paymentId: payment.id,
        ticketId: sale.ticketId,
        clientId: sale.clientId,
        method: payment.method,
        amountMinor,
        reason,
        currency: 'USD',
        appointmentIds: sale.appointmentIds,
      },
    });
    return true;
  }

  /** Sold as the ticket closed: out of the location's stock as a live sale does (skipped if the demo ran out). */
  private async sold(m: EntityManager, productId: string, locationId: string, ticketId: string, lineId: string, at: Date) {
    const after = await this.stock.moveBalance(m, productId, locationId, -1, at);
    if (after === null) return;
    await this.stock.insertMovement(
      m,
      {
        productId,
        locationId,
        kind: 'sold',
        quantity: -1,
        unitCostMinor: null,
        reason: null,
        ticketId,
        ticketLineId: lineId,
        purchaseOrderId: null,
        stockCountId: null,
        transferId: null,
        createdBy: null,
        createdAt: at,
      },
      after,
    );
  }
}
