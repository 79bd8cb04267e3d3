import { Injectable } from '@nestjs/common';
import type { TypedEventEnvelope } from '@salon/contracts';
import { EventHandler } from '@salon/nest-kit';
import type { EntityManager } from 'typeorm';
import { ClientConsentUseCase } from '../use-cases/client-consent.use-case.js';

/** clients.client.consent-changed.v1 → client_consent, in the inbox transaction. Only calls the use-case. */
@Injectable()
export class ClientConsentChangedConsumer {
  constructor(private readonly useCase: ClientConsentUseCase) {}

  @EventHandler('clients.client.consent-changed.v1')
  async handle(envelope: TypedEventEnvelope<'clients.client.consent-changed.v1'>, manager: EntityManager): Promise<void> {
    await this.useCase.recordChange(envelope, manager);
  }
}
