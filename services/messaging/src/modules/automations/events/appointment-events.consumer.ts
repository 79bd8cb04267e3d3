import { Injectable } from '@nestjs/common';
import type { EventEnvelope } from '@salon/contracts';
import { EventHandler } from '@salon/nest-kit';
import { ScheduleAutomationsUseCase } from '../use-cases/schedule-automations.use-case.js';

/** Scheduling's appointment lifecycle → the automation sends it calls for. Only calls the use-case. */
@Injectable()
export class AppointmentEventsConsumer {
  constructor(private readonly schedule: ScheduleAutomationsUseCase) {}

  // The inbox manager is not used: each send row has its own idempotency key, so a redelivered
  // event plans nothing more, and the jobs are added after the rows exist.
  @EventHandler('scheduling.appointment.booked.v1')
  booked(envelope: EventEnvelope) {
    return this.schedule.booked(envelope.payload, envelope.locationId);
  }

  @EventHandler('scheduling.appointment.rescheduled.v1')
  rescheduled(envelope: EventEnvelope) {
    return this.schedule.rescheduled(envelope.payload, envelope.locationId);
  }

  @EventHandler('scheduling.appointment.cancelled.v1')
  cancelled(envelope: EventEnvelope) {
    return this.schedule.cancelled(envelope.payload);
  }

  @EventHandler('scheduling.appointment.completed.v1')
  completed(envelope: EventEnvelope) {
    return this.schedule.completed(envelope.payload, envelope.locationId);
  }

  @EventHandler('scheduling.appointment.no-show.v1')
  noShow(envelope: EventEnvelope) {
    return this.schedule.noShow(envelope.payload, envelope.locationId);
  }
}
