import { Injectable } from '@nestjs/common';
import type { TypedEventEnvelope } from '@salon/contracts';
import { EventHandler } from '@salon/nest-kit';
import type { EntityManager } from 'typeorm';
import { ClientReferencesUseCase } from '../use-cases/client-references.use-case.js';

/** clients.client.merged.v1 → appointments, series, waitlist, enrolments and logins re-pointed, in the inbox transaction. */
@Injectable()
export class ClientMergedConsumer {
  constructor(private readonly references: ClientReferencesUseCase) {}

  @EventHandler('clients.client.merged.v1')
  async merged(envelope: TypedEventEnvelope<'clients.client.merged.v1'>, manager: EntityManager): Promise<void> {
    await this.references.clientMerged(manager, envelope.payload.mergedId, envelope.payload.survivorId);
  }
}
