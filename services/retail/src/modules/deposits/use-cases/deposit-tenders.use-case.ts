import { Injectable } from '@nestjs/common';
import { OutboxWriter } from '@salon/nest-kit';
import type { EntityManager } from 'typeorm';
import { PaymentRepository } from '../../payments/persistence/payment.repository.js';
import { TicketRepository } from '../../tickets/persistence/ticket.repository.js';
import { applicableMinor } from '../domain/deposit.rules.js';
import { BookingDepositRepository } from '../persistence/booking-deposit.repository.js';

/**
 * Checkout applies a visit's held deposit: when a ticket is opened from appointments, each held
 * deposit becomes a succeeded card tender on it (the deposit's PaymentIntent is its processor
 * reference, so a refund of it goes back to the same card), in the ticket's opening transaction.
 * The deposit row is locked and moved to `applied`, so two tickets never take one deposit.
 */
@Injectable()
export class DepositTenders {
  constructor(
    private readonly deposits: BookingDepositRepository,
    private readonly payments: PaymentRepository,
    private readonly tickets: TicketRepository,
    private readonly outbox: OutboxWriter,
  ) {}

  async applyIn(m: EntityManager, ticketId: string, now: Date): Promise<number> {
    const ticket = await this.tickets.lock(m, ticketId);
    if (!ticket || ticket.status !== 'open') return 0;
    let paid = ticket.paidMinor;
    let applied = 0;
    for (const d of await this.deposits.heldFor(m, ticket.appointmentIds)) {
      const amountMinor = applicableMinor(d.amountMinor, ticket.totalMinor - paid);
      if (amountMinor <= 0 || d.currency !== ticket.currency) continue;
      const paymentId = await this.payments.insert(m, {
        ticketId,
        locationId: ticket.locationId,
        clientId: ticket.clientId,
        method: 'card',
        status: 'succeeded',
        amountMinor,
        tenderedMinor: null,
        changeMinor: 0,
        currency: ticket.currency,
        idempotencyKey: `deposit-${d.id}-tender`,
        requestFingerprint: 'booking-deposit',
        providerRef: d.intentId,
        createdBy: null,
        createdAt: now,
      });
      await this.deposits.move(d.id, ['held'], 'applied', { ticketId, paymentId }, m);
      paid += amountMinor;
      applied += amountMinor;
      await this.outbox.append(m, {
        type: 'retail.payment.succeeded.v1',
        aggregateType: 'ticket',
        aggregateId: ticketId,
        locationId: ticket.locationId,
        actor: { type: 'system', id: null },
        payload: {
          paymentId,
          ticketId,
          clientId: ticket.clientId,
          method: 'card',
          amountMinor,
          currency: ticket.currency,
          appointmentIds: ticket.appointmentIds,
        },
      });
    }
    if (applied > 0) await this.tickets.recordPaid(m, ticketId, paid, null);
    return applied;
  }
}
