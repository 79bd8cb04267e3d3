import { Injectable } from '@nestjs/common';
import type { EventEnvelope } from '@salon/contracts';
import { EventHandler } from '@salon/nest-kit';
import type { EntityManager } from 'typeorm';
import { RecordVisitUseCase } from '../use-cases/record-visit.use-case.js';

/** scheduling.appointment.completed.v1 → the client's last visit, in the inbox transaction. */
@Injectable()
export class AppointmentCompletedConsumer {
  constructor(private readonly recordVisit: RecordVisitUseCase) {}

  @EventHandler('scheduling.appointment.completed.v1', { history: true })
  handle(envelope: EventEnvelope<{ clientId: string; startsAt: string }>, manager: EntityManager) {
    return this.recordVisit.execute(envelope.payload, manager);
  }
}
