import { Injectable } from '@nestjs/common';
import type { TypedEventEnvelope } from '@salon/contracts';
import { EventHandler } from '@salon/nest-kit';
import type { EntityManager } from 'typeorm';
import { RecordSalesUseCase } from '../use-cases/record-sales.use-case.js';

/**
 * Retail's prepaid value → the reports' gift card liability and membership MRR, in each event's
 * inbox transaction. Only the kinds retail publishes today; a new kind is one more handler here.
 */
@Injectable()
export class PrepaidConsumer {
  constructor(private readonly record: RecordSalesUseCase) {}

  @EventHandler('retail.gift-card.issued.v1', { history: true })
  issued(e: TypedEventEnvelope<'retail.gift-card.issued.v1'>, m: EntityManager) {
    return this.record.record(m, e);
  }

  @EventHandler('retail.gift-card.redeemed.v1', { history: true })
  redeemed(e: TypedEventEnvelope<'retail.gift-card.redeemed.v1'>, m: EntityManager) {
    return this.record.record(m, e);
  }

  /** Expiry needs no handler: the issued event's expiresAt already ends the card's liability. */
  @EventHandler('retail.gift-card.voided.v1', { history: true })
  voided(e: TypedEventEnvelope<'retail.gift-card.voided.v1'>, m: EntityManager) {
    return this.record.record(m, e);
  }

  @EventHandler('retail.membership.started.v1', { history: true })
  started(e: TypedEventEnvelope<'retail.membership.started.v1'>, m: EntityManager) {
    return this.record.record(m, e);
  }

  @EventHandler('retail.membership.plan-changed.v1', { history: true })
  planChanged(e: TypedEventEnvelope<'retail.membership.plan-changed.v1'>, m: EntityManager) {
    return this.record.record(m, e);
  }

  @EventHandler('retail.membership.cancelled.v1', { history: true })
  cancelled(e: TypedEventEnvelope<'retail.membership.cancelled.v1'>, m: EntityManager) {
    return this.record.record(m, e);
  }
}
