import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { OutboxWriter } from '@salon/nest-kit';
import { DataSource } from 'typeorm';
import { PaymentRepository } from '../../payments/persistence/payment.repository.js';
import { computeTotals } from '../../tickets/domain/ticket-totals.rules.js';
import { TicketRepository } from '../../tickets/persistence/ticket.repository.js';
import { ticketClosedPayload } from '../../tickets/use-cases/ticket-view.js';
import { depositKey, forfeitedSale, type VisitEnd } from '../domain/deposit.rules.js';
import { BookingDepositRepository } from '../persistence/booking-deposit.repository.js';

/**
 * A held deposit kept by the cancellation policy (a late cancellation or a no-show) is a sale of
 * the day it was kept: in one transaction, a closed ticket at the visit's location for the client,
 * one untaxed fee line for the deposit, paid by a card tender whose processor reference is the
 * deposit's (already captured) PaymentIntent, and the deposit moved to `forfeited` pointing at them.
 * The ticket's events go out as a checkout's do (`retail.payment.succeeded.v1`, then
 * `retail.ticket.closed.v1`), so the reports, the client's history and payroll count it. The ticket
 * is not linked to the appointment (the visit did not happen; the calendar must not show it paid);
 * the fee line names it. Idempotent: the deposit row is locked and moves only from `held`.
 */
@Injectable()
export class DepositForfeitsUseCase {
  constructor(
    private readonly dataSource: DataSource,
    private readonly deposits: BookingDepositRepository,
    private readonly tickets: TicketRepository,
    private readonly payments: PaymentRepository,
    private readonly outbox: OutboxWriter,
  ) {}

  /** Answers the ticket's id, or null when the deposit was no longer held (already kept, refunded or applied). */
  async forfeit(depositId: string, how: VisitEnd, now = new Date()): Promise<string | null> {
    return this.dataSource.transaction(async (m) => {
      const d = await this.deposits.lock(m, depositId);
      if (!d || d.status !== 'held') return null;
      const sale = forfeitedSale(how, d.amountMinor);
      const line = { kind: 'fee' as const, quantity: 1, unitPriceMinor: sale.amountMinor, staffId: null, discount: null };
      const outcome = computeTotals({ lines: [line], discount: null, tip: null, rates: { servicePpm: 0, productPpm: 0 } });
      if (!outcome.ok) throw new Error(`a kept deposit makes no ticket: ${outcome.problems.map((p) => p.message).join('; ')}`);
      const t = outcome.totals;
      const ticketId = await this.tickets.insert(m, {
        locationId: d.locationId,
        clientId: d.clientId,
        currency: d.currency,
        serviceTaxPpm: 0,
        productTaxPpm: 0,
        discountLimitBps: 0,
        openedBy: null,
        openedAt: now,
      });
      const lt = t.lines[0]!;
      await this.tickets.replaceLines(m, ticketId, [
        {
          id: randomUUID(),
          kind: 'fee',
          name: sale.lineName,
          category: null,
          quantity: 1,
          unitPriceMinor: sale.amountMinor,
          listUnitPriceMinor: null,
          staffId: null,
          staffName: null,
          appointmentId: d.appointmentId,
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
        clientId: d.clientId,
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
        locationId: d.locationId,
        clientId: d.clientId,
        method: 'card',
        status: 'succeeded',
        amountMinor: t.totalMinor,
        tenderedMinor: null,
        changeMinor: 0,
        currency: d.currency,
        idempotencyKey: depositKey(d.id, 'forfeit'),
        requestFingerprint: 'booking-deposit',
        providerRef: d.intentId,
        createdBy: null,
        createdAt: now,
      });
      await this.tickets.recordPaid(m, ticketId, t.totalMinor, now);
      await this.deposits.move(d.id, ['held'], 'forfeited', { outcomeReason: sale.reason, ticketId, paymentId }, m);
      const ticket = (await this.tickets.find(ticketId, m))!;
      const envelope = {
        aggregateType: 'ticket',
        aggregateId: ticketId,
        locationId: d.locationId,
        actor: { type: 'system' as const, id: null },
      };
      await this.outbox.appendAll(m, [
        {
          ...envelope,
          type: 'retail.payment.succeeded.v1',
          payload: {
            paymentId,
            ticketId,
            clientId: d.clientId,
            method: 'card',
            amountMinor: t.totalMinor,
            currency: d.currency,
            appointmentIds: [],
          },
        },
        { ...envelope, type: 'retail.ticket.closed.v1', payload: ticketClosedPayload(ticket, await this.tickets.lines(ticketId, m)) },
      ]);
      return ticketId;
    });
  }
}
