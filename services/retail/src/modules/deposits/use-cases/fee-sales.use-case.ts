import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { EventEnvelope } from '@salon/contracts';
import { OutboxWriter } from '@salon/nest-kit';
import type { EntityManager } from 'typeorm';
import { PaymentRepository } from '../../payments/persistence/payment.repository.js';
import { computeTotals } from '../../tickets/domain/ticket-totals.rules.js';
import { TicketRepository } from '../../tickets/persistence/ticket.repository.js';
import { ticketClosedPayload } from '../../tickets/use-cases/ticket-view.js';

export interface FeeSale {
  locationId: string;
  clientId: string | null;
  currency: string;
  /** The fee line's name ("No-show fee", "Deposit kept: no-show"). */
  lineName: string;
  /** Why it was taken, kept on the fee line: the client reads it on the receipt. */
  reason: string;
  amountMinor: number;
  appointmentId: string;
  /** The card tender that pays it, already captured at Stripe. */
  payment: { idempotencyKey: string; requestFingerprint: string; providerRef: string | null; createdBy: string | null };
  actor: EventEnvelope['actor'];
}

/**
 * A fee taken for a visit that did not happen (a kept deposit, a no-show or late-cancel fee) is a
 * sale of the day it was taken: in the caller's transaction, a closed ticket at the visit's location
 * for the client, one untaxed fee line, paid by one succeeded card tender. Its events go out as a
 * checkout's do (`retail.payment.succeeded.v1`, then `retail.ticket.closed.v1`), so the reports,
 * the client's history and payroll count it. The ticket is not linked to the appointment (the visit
 * did not happen; the calendar must not show it paid); the fee line names it.
 */
@Injectable()
export class FeeSalesUseCase {
  constructor(
    private readonly tickets: TicketRepository,
    private readonly payments: PaymentRepository,
    private readonly outbox: OutboxWriter,
  ) {}

  async closeIn(m: EntityManager, sale: FeeSale, now: Date): Promise<{ ticketId: string; paymentId: string }> {
    const line = { kind: 'fee' as const, quantity: 1, unitPriceMinor: sale.amountMinor, staffId: null, discount: null };
    const outcome = computeTotals({ lines: [line], discount: null, tip: null, rates: { servicePpm: 0, productPpm: 0 } });
    if (!outcome.ok) throw new Error(`a fee makes no ticket: ${outcome.problems.map((p) => p.message).join('; ')}`);
    const t = outcome.totals;
    const ticketId = await this.tickets.insert(m, {
      locationId: sale.locationId,
      clientId: sale.clientId,
      currency: sale.currency,
      serviceTaxPpm: 0,
      productTaxPpm: 0,
      discountLimitBps: 0,
      openedBy: sale.actor.id ?? null,
      openedAt: now,
    });
    const lt = t.lines[0]!;
    await this.tickets.replaceLines(m, ticketId, [
      {
        id: randomUUID(),
        kind: 'fee',
        name: sale.lineName,
        reason: sale.reason,
        category: null,
        quantity: 1,
        unitPriceMinor: sale.amountMinor,
        listUnitPriceMinor: null,
        staffId: null,
        staffName: null,
        appointmentId: sale.appointmentId,
        serviceId: null,
        productId: null,
        taxClass: null,
        planId: null,
        cardCode: null,
        discount: null,
        grossMinor: lt.grossMinor,
        discountMinor: lt.discountMinor,
        netMinor: lt.netMinor,
        taxPpm: lt.taxPpm,
        taxMinor: lt.taxMinor,
        totalMinor: lt.totalMinor,
      },
    ]);
    await this.tickets.saveTotals(m, ticketId, {
      clientId: sale.clientId,
      discount: null,
      tip: null,
      tipSplit: [],
      subtotalMinor: t.subtotalMinor,
      discountMinor: t.discountMinor,
      taxMinor: t.taxMinor,
      tipMinor: t.tipMinor,
      totalMinor: t.totalMinor,
    });
    const paymentId = await this.payments.insert(m, {
      ticketId,
      locationId: sale.locationId,
      clientId: sale.clientId,
      method: 'card',
      status: 'succeeded',
      amountMinor: t.totalMinor,
      tenderedMinor: null,
      changeMinor: 0,
      currency: sale.currency,
      idempotencyKey: sale.payment.idempotencyKey,
      requestFingerprint: sale.payment.requestFingerprint,
      providerRef: sale.payment.providerRef,
      createdBy: sale.payment.createdBy,
      createdAt: now,
    });
    await this.tickets.recordPaid(m, ticketId, t.totalMinor, now);
    const ticket = (await this.tickets.find(ticketId, m))!;
    const envelope = { aggregateType: 'ticket', aggregateId: ticketId, locationId: sale.locationId, actor: sale.actor };
    await this.outbox.appendAll(m, [
      {
        ...envelope,
        type: 'retail.payment.succeeded.v1',
        payload: {
          paymentId,
          ticketId,
          clientId: sale.clientId,
          method: 'card',
          amountMinor: t.totalMinor,
          currency: sale.currency,
          appointmentIds: [],
        },
      },
      { ...envelope, type: 'retail.ticket.closed.v1', payload: ticketClosedPayload(ticket, await this.tickets.lines(ticketId, m)) },
    ]);
    return { ticketId, paymentId };
  }
}
