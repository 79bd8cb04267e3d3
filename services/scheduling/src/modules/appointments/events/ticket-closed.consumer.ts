import { Injectable } from '@nestjs/common';
import type { TypedEventEnvelope } from '@salon/contracts';
import { EventHandler } from '@salon/nest-kit';
import type { EntityManager } from 'typeorm';
import { MarkPaidUseCase } from '../use-cases/mark-paid.use-case.js';

/** retail.ticket.closed.v1 → the visit's appointments show as paid on the calendar. */
@Injectable()
export class TicketClosedConsumer {
  constructor(private readonly markPaid: MarkPaidUseCase) {}

  @EventHandler('retail.ticket.closed.v1')
  async handle(envelope: TypedEventEnvelope<'retail.ticket.closed.v1'>, manager: EntityManager): Promise<void> {
    await this.markPaid.execute(manager, envelope.payload);
  }
}
