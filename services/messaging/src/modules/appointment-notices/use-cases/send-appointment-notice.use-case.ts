import { Injectable } from '@nestjs/common';
import { EVENT_PAYLOADS } from '@salon/contracts';
import { parseInput, UserDirectory } from '@salon/nest-kit';
import type { MessageEntity } from '../../delivery/persistence/message.entity.js';
import { PlatformLookup } from '../../delivery/persistence/platform-lookup.provider.js';
import { SendClientMessageUseCase } from '../../delivery/use-cases/send-client-message.use-case.js';
import { renderNoticeEmail, renderNoticeSms } from '../domain/appointment-notice-message.js';

const payloadSchema = EVENT_PAYLOADS['scheduling.appointment.client-notice-requested.v1'];

/**
 * Tells the client their appointment changed (scheduling.appointment.client-notice-requested.v1,
 * asked for by the desk after a move) through SendClientMessageUseCase: a text with SMS consent
 * (and no STOP), otherwise an e-mail; nothing to a client who cannot be reached. The idempotency
 * key is the appointment and its version, so asking twice for one version sends once; a time
 * already past sends nothing.
 */
@Injectable()
export class SendAppointmentNoticeUseCase {
  constructor(
    private readonly platform: PlatformLookup,
    private readonly directory: UserDirectory,
    private readonly sendToClient: SendClientMessageUseCase,
  ) {}

  async execute(payload: unknown, locationId: string | null, now = new Date()): Promise<MessageEntity | null> {
    const p = parseInput(payloadSchema, payload);
    if (new Date(p.startsAt) <= now) return null;
    return this.sendToClient.execute({
      clientId: p.clientId,
      about: `appointment ${p.appointmentId}`,
      idempotencyKey: `appointment-notice:${p.appointmentId}:${p.version}`,
      purpose: 'appointment-notice',
      compose: async (client) => {
        const [{ businessName, timeZone, phone }, staffName] = await Promise.all([
          this.platform.businessAt(locationId),
          this.directory.nameOf(p.staffId),
        ]);
        const input = {
          businessName,
          firstName: client.firstName,
          serviceName: p.serviceName,
          staffName,
          startsAt: p.startsAt,
          endsAt: p.endsAt,
          timeZone,
          phone,
        };
        return { sms: () => renderNoticeSms(input), email: () => renderNoticeEmail(input) };
      },
    });
  }
}
