import { Injectable, Logger } from '@nestjs/common';
import { EVENT_PAYLOADS } from '@salon/contracts';
import { parseInput, type AuthContext } from '@salon/nest-kit';
import type { EntityManager } from 'typeorm';
import { checkTransition } from '../domain/appointment-status.js';
import { AppointmentRepository } from '../persistence/appointment.repository.js';
import { AppointmentsUseCase } from './appointments.use-case.js';

/** The client, by text: the change log shows "client" as who confirmed or cancelled. */
const BY_TEXT: AuthContext = { userId: 'sms-reply', role: 'client', tokenId: 'sms-reply', issuedAt: 0, expiresAt: 0 };

/**
 * A client answered a reminder (messaging.appointment.reply-received.v1): "C" confirms a booked
 * appointment, "cancel" cancels one still to come, as a desk status change would (allocations
 * freed, the cancelled event published), in the event's inbox transaction. An appointment that
 * can no longer change that way (already confirmed, checked in, gone) is left as it is.
 */
@Injectable()
export class ClientReplyUseCase {
  private readonly logger = new Logger('ClientReply');

  constructor(
    private readonly appointments: AppointmentRepository,
    private readonly useCase: AppointmentsUseCase,
  ) {}

  async execute(manager: EntityManager, payload: unknown): Promise<void> {
    const p = parseInput(EVENT_PAYLOADS['messaging.appointment.reply-received.v1'], payload);
    const a = await this.appointments.lock(p.appointmentId, manager);
    if (!a || a.clientId !== p.clientId) return;
    const to = p.action === 'confirm' ? 'confirmed' : 'cancelled';
    const now = new Date(p.receivedAt);
    if (new Date(a.startsAt) <= now || !checkTransition(a.status, to).ok) {
      this.logger.log(`reply ${p.action} for appointment ${a.id} (${a.status}) changes nothing`);
      return;
    }
    await this.useCase.changeStatusWithin(manager, BY_TEXT, a.id, to, to === 'cancelled' ? 'Cancelled by the client by text' : null, now);
  }
}
