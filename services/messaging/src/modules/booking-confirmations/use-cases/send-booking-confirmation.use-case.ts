import { Inject, Injectable } from '@nestjs/common';
import { EVENT_PAYLOADS } from '@salon/contracts';
import { APP_CONFIG, parseInput, UserDirectory } from '@salon/nest-kit';
import type { MessagingConfig } from '../../../config.js';
import type { MessageEntity } from '../../delivery/persistence/message.entity.js';
import { PlatformLookup } from '../../delivery/persistence/platform-lookup.provider.js';
import { SendClientMessageUseCase } from '../../delivery/use-cases/send-client-message.use-case.js';
import { manageLink, renderConfirmationEmail, renderConfirmationSms } from '../domain/booking-confirmation-message.js';

const payloadSchema = EVENT_PAYLOADS['scheduling.appointment.booked.v1'];

/**
 * Confirms an online booking to the client who made it (scheduling.appointment.booked.v1 with
 * source "online") through SendClientMessageUseCase: a text with SMS consent, otherwise an e-mail.
 * Desk and API bookings are left to the automations (reminders and confirmations the salon
 * configures). The idempotency key is the appointment id, so a redelivered event sends nothing
 * more; clients or identity unreachable → it throws and the event is retried.
 */
@Injectable()
export class SendBookingConfirmationUseCase {
  constructor(
    @Inject(APP_CONFIG) private readonly config: MessagingConfig,
    private readonly platform: PlatformLookup,
    private readonly directory: UserDirectory,
    private readonly sendToClient: SendClientMessageUseCase,
  ) {}

  /** The queued message, or null when there is nothing to send. */
  /** `hasAccount`: the client booked signed in, so the booking page shows them their appointment. */
  async execute(payload: unknown, locationId: string | null, hasAccount = false, now = new Date()): Promise<MessageEntity | null> {
    const p = parseInput(payloadSchema, payload);
    if (p.source !== 'online') return null;
    if (new Date(p.startsAt) <= now) return null;
    return this.sendToClient.execute({
      clientId: p.clientId,
      about: `appointment ${p.appointmentId}`,
      idempotencyKey: `booking-confirmation:${p.appointmentId}`,
      purpose: 'booking-confirmation',
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
          manageLink: hasAccount ? manageLink(this.config.PUBLIC_URL) : null,
        };
        return { sms: () => renderConfirmationSms(input), email: () => renderConfirmationEmail(input) };
      },
    });
  }
}
