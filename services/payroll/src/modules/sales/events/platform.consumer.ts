import { Injectable } from '@nestjs/common';
import type { TypedEventEnvelope } from '@salon/contracts';
import { EventHandler } from '@salon/nest-kit';
import type { EntityManager } from 'typeorm';
import { RecordSalesUseCase } from '../use-cases/record-sales.use-case.js';

/** Identity's location zones (work dates and pay periods are local), scheduling's appointments and working hours (reports). */
@Injectable()
export class PlatformConsumer {
  constructor(private readonly record: RecordSalesUseCase) {}

  @EventHandler('identity.location.changed.v1', { history: true })
  location(e: TypedEventEnvelope<'identity.location.changed.v1'>, m: EntityManager) {
    return this.record.record(m, e);
  }

  @EventHandler('scheduling.appointment.booked.v1', { history: true })
  booked(e: TypedEventEnvelope<'scheduling.appointment.booked.v1'>, m: EntityManager) {
    return this.record.record(m, e);
  }

  @EventHandler('scheduling.appointment.rescheduled.v1', { history: true })
  rescheduled(e: TypedEventEnvelope<'scheduling.appointment.rescheduled.v1'>, m: EntityManager) {
    return this.record.record(m, e);
  }

  @EventHandler('scheduling.appointment.cancelled.v1', { history: true })
  cancelled(e: TypedEventEnvelope<'scheduling.appointment.cancelled.v1'>, m: EntityManager) {
    return this.record.record(m, e);
  }

  @EventHandler('scheduling.appointment.completed.v1', { history: true })
  completed(e: TypedEventEnvelope<'scheduling.appointment.completed.v1'>, m: EntityManager) {
    return this.record.record(m, e);
  }

  @EventHandler('scheduling.working-hours.changed.v1', { history: true })
  workingHours(e: TypedEventEnvelope<'scheduling.working-hours.changed.v1'>, m: EntityManager) {
    return this.record.record(m, e);
  }

  @EventHandler('scheduling.appointment.no-show.v1', { history: true })
  noShow(e: TypedEventEnvelope<'scheduling.appointment.no-show.v1'>, m: EntityManager) {
    return this.record.record(m, e);
  }
}
