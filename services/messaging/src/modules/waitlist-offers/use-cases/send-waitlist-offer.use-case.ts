import { Inject, Injectable, Logger } from '@nestjs/common';
import { EVENT_PAYLOADS } from '@salon/contracts';
import { APP_CONFIG, parseInput } from '@salon/nest-kit';
import { openSecret } from '@salon/tokens';
import type { MessagingConfig } from '../../../config.js';
import { SmsConsentUseCase } from '../../consent/use-cases/sms-consent.use-case.js';
import type { MessageEntity } from '../../delivery/persistence/message.entity.js';
import { QueueMessageUseCase } from '../../delivery/use-cases/queue-message.use-case.js';
import { clientChannel } from '../../delivery/domain/client-message-rules.js';
import { offerLink, renderOfferEmail, renderOfferSms } from '../domain/waitlist-offer-message.js';
import { PlatformLookup } from '../../delivery/persistence/platform-lookup.provider.js';

const payloadSchema = EVENT_PAYLOADS['scheduling.waitlist.offered.v1'];

/**
 * Delivers scheduling's waitlist offer (event scheduling.waitlist.offered.v1): opens the sealed
 * link token, asks clients for the client's phone, e-mail and consent, and queues a text or an
 * e-mail with the link. The idempotency key is the offer id, so a redelivered event lands on the
 * same message and nothing is sent twice. The link is the client's only credential for the offer,
 * so the message is sensitive: hidden in the log and redacted once sent, like a reset link.
 * Clients or identity unreachable → it throws, so the event is retried (the inbox row rolls back).
 */
@Injectable()
export class SendWaitlistOfferUseCase {
  private readonly logger = new Logger('SendWaitlistOffer');

  constructor(
    @Inject(APP_CONFIG) private readonly config: MessagingConfig,
    private readonly platform: PlatformLookup,
    private readonly smsConsent: SmsConsentUseCase,
    private readonly queue: QueueMessageUseCase,
  ) {}

  /** The queued message, or null when there is nothing to send (client gone, no way to reach them, offer lapsed). */
  async execute(payload: unknown, locationId: string | null, now = new Date()): Promise<MessageEntity | null> {
    const p = parseInput(payloadSchema, payload);
    const token = openSecret(p.token, this.config.EVENT_SECRET_KEY);
    if (new Date(p.expiresAt) <= now) {
      this.logger.log(`offer ${p.offerId}: expired at ${p.expiresAt} before it could be sent; nothing sent`);
      return null;
    }
    const client = await this.platform.clientContact(p.clientId);
    if (!client) {
      this.logger.log(`offer ${p.offerId}: client ${p.clientId} no longer exists; nothing sent`);
      return null;
    }
    const smsOptedOut = client.phone ? await this.smsConsent.isOptedOut(client.phone) : false;
    const choice = clientChannel({ ...client, smsOptedOut });
    if (!choice.channel) {
      this.logger.warn(`offer ${p.offerId}: client ${p.clientId} cannot be reached (${choice.reason}); nothing sent`);
      return null;
    }
    const { businessName, timeZone } = await this.platform.businessAt(locationId);
    const input = { ...p, businessName, firstName: client.firstName, timeZone, link: offerLink(this.config.PUBLIC_URL, token) };
    const common = { idempotencyKey: `waitlist-offer:${p.offerId}`, to: choice.to, purpose: 'waitlist-offer', sensitive: true, createdBy: null };
    if (choice.channel === 'sms') return this.queue.queue({ ...common, channel: 'sms', text: renderOfferSms(input) });
    const email = renderOfferEmail(input);
    return this.queue.queue({ ...common, channel: 'email', subject: email.subject, text: email.text, html: email.html });
  }
}
