import { Injectable } from '@nestjs/common';
import type { EventEnvelope } from '@salon/contracts';
import { EventHandler } from '@salon/nest-kit';
import type { EntityManager } from 'typeorm';
import { RepointClientUseCase } from '../use-cases/repoint-client.use-case.js';

/** clients.client.merged.v1 → the merged client's sales move to the survivor, in the inbox transaction. */
@Injectable()
export class ClientMergedConsumer {
  constructor(private readonly repoint: RepointClientUseCase) {}

  @EventHandler('clients.client.merged.v1')
  async handle(envelope: EventEnvelope<{ survivorId: string; mergedId: string }>, manager: EntityManager): Promise<void> {
    await this.repoint.execute(envelope.payload, manager);
  }
}
