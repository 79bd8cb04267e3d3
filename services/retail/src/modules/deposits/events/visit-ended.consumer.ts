import { Injectable } from '@nestjs/common';
import type { EventEnvelope, EventPayload } from '@salon/contracts';
import { EventHandler } from '@salon/nest-kit';
import { DepositOutcomesUseCase } from '../use-cases/deposit-outcomes.use-case.js';

/** A cancelled or no-show appointment → its held deposit is refunded or forfeited (the cancellation policy). */
@Injectable()
export class VisitEndedConsumer {
  constructor(private readonly outcomes: DepositOutcomesUseCase) {}

  @EventHandler('scheduling.appointment.cancelled.v1')
  async cancelled(envelope: EventEnvelope<EventPayload<'scheduling.appointment.cancelled.v1'>>): Promise<void> {
    await this.outcomes.afterVisitEnded(envelope.payload.appointmentId, { kind: 'cancelled', lateCancel: envelope.payload.lateCancel });
  }

  @EventHandler('scheduling.appointment.no-show.v1')
  async noShow(envelope: EventEnvelope<EventPayload<'scheduling.appointment.no-show.v1'>>): Promise<void> {
    await this.outcomes.afterVisitEnded(envelope.payload.appointmentId, { kind: 'no-show' });
  }
}
