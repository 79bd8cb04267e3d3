import { Injectable } from '@nestjs/common';
import type { TypedEventEnvelope } from '@salon/contracts';
import { EventHandler } from '@salon/nest-kit';
import { MarketingRepository } from '../persistence/marketing.repository.js';

/** retail.ticket.closed.v1 → the client's spend, which segments read (keyed by ticket: a redelivery counts once). */
@Injectable()
export class TicketClosedConsumer {
  constructor(private readonly marketing: MarketingRepository) {}

  @EventHandler('retail.ticket.closed.v1')
  async closed(envelope: TypedEventEnvelope<'retail.ticket.closed.v1'>): Promise<void> {
    const p = envelope.payload;
    if (!p.clientId) return;
    await this.marketing.recordSpend(p.ticketId, p.clientId, p.totalMinor, new Date(p.closedAt));
  }
}
