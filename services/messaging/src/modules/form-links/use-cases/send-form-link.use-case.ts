import { Inject, Injectable, Logger } from '@nestjs/common';
import { EVENT_PAYLOADS } from '@salon/contracts';
import { APP_CONFIG, parseInput } from '@salon/nest-kit';
import { openSecret } from '@salon/tokens';
import type { MessagingConfig } from '../../../config.js';
import { AutomationRepository } from '../../automations/persistence/automation.repository.js';
import type { MessageEntity } from '../../delivery/persistence/message.entity.js';
import { PlatformLookup } from '../../delivery/persistence/platform-lookup.provider.js';
import { SendClientMessageUseCase } from '../../delivery/use-cases/send-client-message.use-case.js';
import { formLink, renderFormLinkEmail, renderFormLinkSms } from '../domain/form-link-message.js';

const payloadSchema = EVENT_PAYLOADS['documents.form-link.requested.v1'];

/**
 * Delivers documents' "fill your forms" link (documents.form-link.requested.v1) through
 * SendClientMessageUseCase, like every transactional message to a client: their phone with SMS
 * consent and no STOP, else their e-mail. A text waits out the location's quiet hours (the
 * automations' settings; the default location's for a send outside a booking). The link is a
 * credential: hidden in the log and redacted once sent. The idempotency key is the send's id (the
 * appointment's for a booking), so a redelivered event, or a second one for the same appointment,
 * sends nothing more.
 */
@Injectable()
export class SendFormLinkUseCase {
  private readonly logger = new Logger('SendFormLink');

  constructor(
    @Inject(APP_CONFIG) private readonly config: MessagingConfig,
    private readonly platform: PlatformLookup,
    private readonly automations: AutomationRepository,
    private readonly sendToClient: SendClientMessageUseCase,
  ) {}

  /** The queued message, or null when there is nothing to send (link lapsed, client gone or unreachable). */
  async execute(payload: unknown, locationId: string | null, now = new Date()): Promise<MessageEntity | null> {
    const p = parseInput(payloadSchema, payload);
    const token = openSecret(p.token, this.config.EVENT_SECRET_KEY);
    if (new Date(p.expiresAt) <= now) {
      this.logger.log(`form link ${p.sendId}: expired at ${p.expiresAt} before it could be sent; nothing sent`);
      return null;
    }
    const { businessName, timeZone } = await this.platform.businessAt(locationId);
    const quietAt = locationId ?? (await this.platform.locations()).find((l) => l.isDefault)?.id ?? null;
    const settings = quietAt ? await this.automations.settings(quietAt) : null;
    return this.sendToClient.execute({
      clientId: p.clientId,
      about: `form link ${p.sendId}`,
      idempotencyKey: `form-link:${p.sendId}`,
      purpose: 'form-link',
      sensitive: true,
      quietHours: settings ? { zone: timeZone, start: settings.quietStart, end: settings.quietEnd, now } : undefined,
      compose: async (client) => {
        const input = {
          businessName,
          firstName: client.firstName,
          formNames: p.formNames,
          startsAt: p.startsAt,
          expiresAt: p.expiresAt,
          timeZone,
          link: formLink(this.config.PUBLIC_URL, p.formId, token),
        };
        return { sms: () => renderFormLinkSms(input), email: () => renderFormLinkEmail(input) };
      },
    });
  }
}
