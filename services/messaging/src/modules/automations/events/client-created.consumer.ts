import { Injectable } from '@nestjs/common';
import type { EventEnvelope } from '@salon/contracts';
import { EventHandler } from '@salon/nest-kit';
import { ScheduleAutomationsUseCase } from '../use-cases/schedule-automations.use-case.js';

/** The clients service's new clients → the owner's "a new client is added" automations. Only calls the use-case. */
@Injectable()
export class ClientCreatedConsumer {
  constructor(private readonly schedule: ScheduleAutomationsUseCase) {}

  // As for appointments: the send's idempotency key, not the inbox transaction, keeps a redelivery from planning twice.
  @EventHandler('clients.client.created.v1')
  created(envelope: EventEnvelope) {
    return this.schedule.clientCreated(envelope.payload, envelope.locationId);
  }
}
