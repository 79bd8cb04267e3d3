import { Inject, Injectable, Logger } from '@nestjs/common';
import { EVENT_PAYLOADS } from '@salon/contracts';
import { APP_CONFIG, parseInput, UserDirectory } from '@salon/nest-kit';
import type { MessagingConfig } from '../../../config.js';
import { SmsConsentUseCase } from '../../consent/use-cases/sms-consent.use-case.js';
import { clientChannel } from '../../delivery/domain/client-message-rules.js';
import { PlatformLookup } from '../../delivery/persistence/platform-lookup.provider.js';
import type { MessageEntity } from '../../delivery/persistence/message.entity.js';
import { QueueMessageUseCase } from '../../delivery/use-cases/queue-message.use-case.js';
import { manageLink, renderConfirmationEmail, renderConfirmationSms } from '../domain/booking-confirmation-message.js';

const payloadSchema = EVENT_PAYLOADS['scheduling.appointment.booked.v1'];

/**
 * Confirms an online booking to the client who made it (scheduling.appointment.booked.v1 with
 * source "online"): a text with SMS consent, otherwise an e-mail. Desk and API bookings are left
 * to the automations (reminders and confirmations the salon configures). The idempotency key is
 * the appointment id, so a redelivered event sends nothing more; clients or identity unreachable
 * → it throws and the event is retried.
 */
@Injectable()
export class SendBookingConfirmationUseCase {
  private readonly logger = new Logger('SendBookingConfirmation');

  constructor(
    @Inject(APP_CONFIG) private readonly config: MessagingConfig,
    private readonly platform: PlatformLookup,
    private readonly directory: UserDirectory,
    private readonly smsConsent: SmsConsentUseCase,
    private readonly queue: QueueMessageUseCase,
  ) {}

  /** The queued message, or null when there is nothing to send. */
  /** `hasAccount`: the client booked signed in, so the booking page shows them their appointment. */
  async execute(payload: unknown, locationId: string | null, hasAccount = false, now = new Date()): Promise<MessageEntity | null> {
    const p = parseInput(payloadSchema, payload);
    if (p.source !== 'online') return null;
    if (new Date(p.startsAt) <= now) return null;
    const client = await this.platform.clientContact(p.clientId);
    if (!client) {
      this.logger.log(`appointment ${p.appointmentId}: client ${p.clientId} no longer exists; no confirmation sent`);
      return null;
    }
    const smsOptedOut = client.phone ? await this.smsConsent.isOptedOut(client.phone) : false;
    const choice = clientChannel({ ...client, smsOptedOut });
    if (!choice.channel) {
      this.logger.warn(`appointment ${p.appointmentId}: client ${p.clientId} cannot be reached (${choice.reason}); no confirmation sent`);
      return null;
    }
    const [{ businessName, timeZone, phone }, staffName] = await Promise.all([this.platform.businessAt(locationId), this.directory.nameOf(p.staffId)]);
    const input = {
      businessName, firstName: client.firstName, serviceName: p.serviceName, staffName, startsAt: p.startsAt, endsAt: p.endsAt, timeZone, phone,
      manageLink: hasAccount ? manageLink(this.config.PUBLIC_URL) : null,
    };
    const common = { idempotencyKey: `booking-confirmation:${p.appointmentId}`, to: choice.to, purpose: 'booking-confirmation', createdBy: null };
    if (choice.channel === 'sms') return this.queue.queue({ ...common, channel: 'sms', text: renderConfirmationSms(input) });
    const email = renderConfirmationEmail(input);
    return this.queue.queue({ ...common, channel: 'email', subject: email.subject, text: email.text, html: email.html });
  }
}
