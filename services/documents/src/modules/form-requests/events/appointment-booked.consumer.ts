import { Injectable } from '@nestjs/common';
import type { EventPayload, TypedEventEnvelope } from '@salon/contracts';
import { EventHandler } from '@salon/nest-kit';
import type { EntityManager } from 'typeorm';
import { RequestFormsForBookingUseCase } from '../use-cases/request-forms-for-booking.use-case.js';

/** scheduling.appointment.booked.v1 → the forms attached to the booked services become due for the client and their link is sent (inbox transaction). */
@Injectable()
export class AppointmentBookedConsumer {
  constructor(private readonly requestForms: RequestFormsForBookingUseCase) {}

  @EventHandler('scheduling.appointment.booked.v1')
  async handle(envelope: TypedEventEnvelope<'scheduling.appointment.booked.v1'>, manager: EntityManager): Promise<void> {
    await this.requestForms.execute(
      envelope.payload as EventPayload<'scheduling.appointment.booked.v1'>,
      manager,
      new Date(),
      envelope.locationId,
    );
  }
}
