import { Injectable } from '@nestjs/common';
import type { TypedEventEnvelope } from '@salon/contracts';
import { EventHandler } from '@salon/nest-kit';
import type { EntityManager } from 'typeorm';
import { RecordSalesUseCase } from '../use-cases/record-sales.use-case.js';

/** Retail's tickets, payments and refunds → payroll's sales projection, in each event's inbox transaction. */
@Injectable()
export class SalesConsumer {
  constructor(private readonly record: RecordSalesUseCase) {}

  @EventHandler('retail.ticket.closed.v1', { history: true })
  closed(e: TypedEventEnvelope<'retail.ticket.closed.v1'>, m: EntityManager) {
    return this.record.record(m, e);
  }

  @EventHandler('retail.payment.succeeded.v1', { history: true })
  paid(e: TypedEventEnvelope<'retail.payment.succeeded.v1'>, m: EntityManager) {
    return this.record.record(m, e);
  }

  @EventHandler('retail.payment.refunded.v1', { history: true })
  refunded(e: TypedEventEnvelope<'retail.payment.refunded.v1'>, m: EntityManager) {
    return this.record.record(m, e);
  }
}
