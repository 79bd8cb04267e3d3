import { Injectable } from '@nestjs/common';
import type { EventEnvelope } from '@salon/contracts';
import { EventHandler } from '@salon/nest-kit';
import { SendBookingConfirmationUseCase } from '../use-cases/send-booking-confirmation.use-case.js';

/** scheduling.appointment.booked.v1 → the online client's confirmation. Only calls the use-case. */
@Injectable()
export class AppointmentBookedConsumer {
  constructor(private readonly useCase: SendBookingConfirmationUseCase) {}

  // The inbox manager is not used, as for the other client messages: the job is queued after the
  // row exists, and the idempotency key (booking-confirmation:<appointmentId>) absorbs redeliveries.
  @EventHandler('scheduling.appointment.booked.v1')
  handle(envelope: EventEnvelope) {
    // A signed-in client is named in the actor; an online visitor is a client without an id.
    return this.useCase.execute(envelope.payload, envelope.locationId, envelope.actor.type === 'client' && envelope.actor.id !== null);
  }
}
