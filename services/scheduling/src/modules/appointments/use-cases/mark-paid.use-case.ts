import { Injectable } from '@nestjs/common';
import { isUuid } from '@salon/contracts';
import type { EntityManager } from 'typeorm';
import { AppointmentRepository } from '../persistence/appointment.repository.js';

/**
 * A ticket the retail service closed → its appointments are paid, at the time it closed. Runs in
 * the inbox transaction of the event, so a redelivered one changes nothing; a later refund does
 * not unpay a visit (the sale happened; retail keeps the refund).
 */
@Injectable()
export class MarkPaidUseCase {
  constructor(private readonly appointments: AppointmentRepository) {}

  async execute(manager: EntityManager, closed: { appointmentIds: readonly string[]; closedAt: string }): Promise<void> {
    await this.appointments.markPaid(manager, closed.appointmentIds.filter(isUuid), new Date(closed.closedAt));
  }
}
