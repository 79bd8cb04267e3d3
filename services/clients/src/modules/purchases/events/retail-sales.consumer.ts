import { Injectable } from '@nestjs/common';
import type { TypedEventEnvelope } from '@salon/contracts';
import { EventHandler } from '@salon/nest-kit';
import type { EntityManager } from 'typeorm';
import { refundSpend, saleSpend, storedValueSpend } from '../domain/spend.rules.js';
import { RecordSpendUseCase } from '../use-cases/record-spend.use-case.js';

/**
 * retail.ticket.closed.v1, retail.payment.succeeded.v1 (stored-value tenders only) and
 * retail.payment.refunded.v1 → the client's lifetime spend and last purchase, in the inbox transaction. Projections: history included (the demo's past sales).
 */
@Injectable()
export class RetailSalesConsumer {
  constructor(private readonly recordSpend: RecordSpendUseCase) {}

  @EventHandler('retail.ticket.closed.v1', { history: true })
  async ticketClosed(envelope: TypedEventEnvelope<'retail.ticket.closed.v1'>, manager: EntityManager): Promise<void> {
    const change = saleSpend(envelope.payload);
    if (change) await this.recordSpend.execute(change, manager);
  }

  @EventHandler('retail.payment.succeeded.v1', { history: true })
  async paymentSucceeded(envelope: TypedEventEnvelope<'retail.payment.succeeded.v1'>, manager: EntityManager): Promise<void> {
    const change = storedValueSpend(envelope.payload);
    if (change) await this.recordSpend.execute(change, manager);
  }

  @EventHandler('retail.payment.refunded.v1', { history: true })
  async paymentRefunded(envelope: TypedEventEnvelope<'retail.payment.refunded.v1'>, manager: EntityManager): Promise<void> {
    const change = refundSpend(envelope.payload);
    if (change) await this.recordSpend.execute(change, manager);
  }
}
