import { Injectable } from '@nestjs/common';
import type { TypedEventEnvelope } from '@salon/contracts';
import { EventHandler } from '@salon/nest-kit';
import type { EntityManager } from 'typeorm';
import { RecordSalesUseCase } from '../use-cases/record-sales.use-case.js';

/**
 * Clients' own events → the reports' clients projection (new clients, names, merges), and
 * messaging's automation sends → automation results, in each event's inbox transaction.
 */
@Injectable()
export class ClientsConsumer {
  constructor(private readonly record: RecordSalesUseCase) {}

  @EventHandler('clients.client.created.v1', { history: true })
  created(e: TypedEventEnvelope<'clients.client.created.v1'>, m: EntityManager) {
    return this.record.record(m, e);
  }

  @EventHandler('clients.client.merged.v1', { history: true })
  merged(e: TypedEventEnvelope<'clients.client.merged.v1'>, m: EntityManager) {
    return this.record.record(m, e);
  }

  @EventHandler('messaging.automation.finished.v1', { history: true })
  automation(e: TypedEventEnvelope<'messaging.automation.finished.v1'>, m: EntityManager) {
    return this.record.record(m, e);
  }

  @EventHandler('clients.client.deleted.v1', { history: true })
  deleted(e: TypedEventEnvelope<'clients.client.deleted.v1'>, m: EntityManager) {
    return this.record.record(m, e);
  }
}
