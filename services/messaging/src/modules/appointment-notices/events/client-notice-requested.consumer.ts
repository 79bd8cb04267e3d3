import { Injectable } from '@nestjs/common';
import type { EventEnvelope } from '@salon/contracts';
import { EventHandler } from '@salon/nest-kit';
import { SendAppointmentNoticeUseCase } from '../use-cases/send-appointment-notice.use-case.js';

/** scheduling.appointment.client-notice-requested.v1 → the client's text or e-mail. Only calls the use-case. */
@Injectable()
export class ClientNoticeRequestedConsumer {
  constructor(private readonly useCase: SendAppointmentNoticeUseCase) {}

  // As for the other client messages, the idempotency key (appointment-notice:<id>:<version>) absorbs redeliveries.
  @EventHandler('scheduling.appointment.client-notice-requested.v1')
  handle(envelope: EventEnvelope) {
    return this.useCase.execute(envelope.payload, envelope.locationId);
  }
}
