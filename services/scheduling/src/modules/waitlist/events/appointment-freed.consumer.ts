import { Injectable } from '@nestjs/common';
import type { TypedEventEnvelope } from '@salon/contracts';
import { EventHandler } from '@salon/nest-kit';
import type { EntityManager } from 'typeorm';
import { freedByReschedule } from '../domain/waitlist-rules.js';
import { WaitlistUseCase } from '../use-cases/waitlist.use-case.js';

/**
 * Scheduling's own appointment events → the waitlist. Each runs in the inbox transaction (the
 * manager), so a redelivered event cannot make a second offer for the same freed time.
 */
@Injectable()
export class AppointmentFreedConsumer {
  constructor(private readonly waitlist: WaitlistUseCase) {}

  @EventHandler('scheduling.appointment.cancelled.v1')
  async cancelled(envelope: TypedEventEnvelope<'scheduling.appointment.cancelled.v1'>, manager: EntityManager): Promise<void> {
    await this.waitlist.appointmentFreed(manager, envelope.payload.appointmentId);
  }

  @EventHandler('scheduling.appointment.no-show.v1')
  async noShow(envelope: TypedEventEnvelope<'scheduling.appointment.no-show.v1'>, manager: EntityManager): Promise<void> {
    await this.waitlist.appointmentFreed(manager, envelope.payload.appointmentId);
  }

  @EventHandler('scheduling.appointment.rescheduled.v1')
  async rescheduled(envelope: TypedEventEnvelope<'scheduling.appointment.rescheduled.v1'>, manager: EntityManager): Promise<void> {
    if (!envelope.locationId) return;
    const freed = freedByReschedule(envelope.payload);
    await this.waitlist.offerFreedTime(manager, { locationId: envelope.locationId, start: freed.start, end: freed.end });
  }
}
