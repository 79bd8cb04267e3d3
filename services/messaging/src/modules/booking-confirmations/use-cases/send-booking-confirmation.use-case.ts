import { Inject, Injectable } from '@nestjs/common';
import { EVENT_PAYLOADS } from '@salon/contracts';
import { APP_CONFIG, parseInput, UserDirectory } from '@salon/nest-kit';
import type { MessagingConfig } from '../../../config.js';
import type { MessageEntity } from '../../delivery/persistence/message.entity.js';
import { PlatformLookup } from '../../delivery/persistence/platform-lookup.provider.js';
import { SendClientMessageUseCase } from '../../delivery/use-cases/send-client-message.use-case.js';
import { AutomationRepository } from '../../automations/persistence/automation.repository.js';
import { AutomationSendRepository } from '../../automations/persistence/automation-send.repository.js';
import { automationTexts, templateValues } from '../../automations/domain/automation-message.js';
import { escapeHtml } from '../../delivery/domain/email-layout.js';
import { manageLink, renderConfirmationEmail, renderConfirmationSms } from '../domain/booking-confirmation-message.js';

const payloadSchema = EVENT_PAYLOADS['scheduling.appointment.booked.v1'];

/**
 * Confirms an online booking to the client who made it (scheduling.appointment.booked.v1 with
 * source "online") through SendClientMessageUseCase: a text with SMS consent, otherwise an e-mail.
 * Desk and API bookings are left to the automations (reminders and confirmations the salon
 * configures). It is the location's `booking-confirmation` automation: off, nothing is sent; with
 * the owner's own templates, those are used instead of the built-in wording; each send is recorded
 * as an automation send (its counts on /automations). The idempotency key is the appointment id,
 * so a redelivered event sends nothing more; clients or identity unreachable → it throws and the
 * event is retried.
 */
@Injectable()
export class SendBookingConfirmationUseCase {
  constructor(
    @Inject(APP_CONFIG) private readonly config: MessagingConfig,
    private readonly platform: PlatformLookup,
    private readonly directory: UserDirectory,
    private readonly sendToClient: SendClientMessageUseCase,
    private readonly automations: AutomationRepository,
    private readonly sends: AutomationSendRepository,
  ) {}

  /** The queued message, or null when there is nothing to send. */
  /** `hasAccount`: the client booked signed in, so the booking page shows them their appointment. */
  async execute(payload: unknown, locationId: string | null, hasAccount = false, now = new Date()): Promise<MessageEntity | null> {
    const p = parseInput(payloadSchema, payload);
    if (p.source !== 'online') return null;
    if (new Date(p.startsAt) <= now) return null;
    const automation = locationId ? await this.automations.find(locationId, 'booking-confirmation') : null;
    if (automation && !automation.enabled) return null;
    const message = await this.sendToClient.execute({
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
        if (!automation || (!automation.smsTemplate && !automation.emailSubject && !automation.emailTemplate))
          return { sms: () => renderConfirmationSms(input), email: () => renderConfirmationEmail(input) };
        const own = automationTexts(
          automation,
          templateValues({
            firstName: client.firstName,
            serviceName: p.serviceName,
            staffName,
            startsAt: new Date(p.startsAt),
            timeZone,
            businessName,
            publicUrl: this.config.PUBLIC_URL,
          }),
        );
        return {
          sms: () => own.sms,
          email: () => ({ subject: own.emailSubject, text: own.emailText, html: plainHtml(own.emailText) }),
        };
      },
    });
    if (message && locationId) {
      const { send } = await this.sends.insertOnce({
        locationId,
        kind: 'booking-confirmation',
        appointmentId: p.appointmentId,
        clientId: p.clientId,
        idempotencyKey: `booking-confirmation:${p.appointmentId}`,
        dueAt: now,
      });
      if (send.state === 'scheduled')
        await this.sends.finish(send.id, 'done', { messageIds: [message.id], channels: [message.channel], sentAt: now });
    }
    return message;
  }
}

/** The owner's plain-text template as simple HTML paragraphs (escaped: the values come from people). */
function plainHtml(text: string): string {
  return text
    .split(/\n{2,}/)
    .map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`)
    .join('\n');
}
