import { Inject, Injectable, Logger } from '@nestjs/common';
import { EVENT_PAYLOADS } from '@salon/contracts';
import { APP_CONFIG, parseInput } from '@salon/nest-kit';
import { openSecret } from '@salon/tokens';
import type { MessagingConfig } from '../../../config.js';
import type { MessageEntity } from '../../delivery/persistence/message.entity.js';
import { PlatformLookup } from '../../delivery/persistence/platform-lookup.provider.js';
import { SendClientMessageUseCase } from '../../delivery/use-cases/send-client-message.use-case.js';
import { offerLink, renderOfferEmail, renderOfferSms } from '../domain/waitlist-offer-message.js';

const payloadSchema = EVENT_PAYLOADS['scheduling.waitlist.offered.v1'];

/**
 * Delivers scheduling's waitlist offer (event scheduling.waitlist.offered.v1): opens the sealed
 * link token and hands it to SendClientMessageUseCase, which asks clients for the client's phone,
 * e-mail and consent and queues a text or an e-mail with the link. The idempotency key is the
 * offer id, so a redelivered event lands on the same message and nothing is sent twice. The link is the client's only credential for the offer,
 * so the message is sensitive: hidden in the log and redacted once sent, like a reset link.
 * Clients or identity unreachable → it throws, so the event is retried (the inbox row rolls back).
 */
@Injectable()
export class SendWaitlistOfferUseCase {
  private readonly logger = new Logger('SendWaitlistOffer');

  constructor(
    @Inject(APP_CONFIG) private readonly config: MessagingConfig,
    private readonly platform: PlatformLookup,
    private readonly sendToClient: SendClientMessageUseCase,
  ) {}

  /** The queued message, or null when there is nothing to send (client gone, no way to reach them, offer lapsed). */
  async execute(payload: unknown, locationId: string | null, now = new Date()): Promise<MessageEntity | null> {
    const p = parseInput(payloadSchema, payload);
    const token = openSecret(p.token, this.config.EVENT_SECRET_KEY);
    if (new Date(p.expiresAt) <= now) {
      this.logger.log(`offer ${p.offerId}: expired at ${p.expiresAt} before it could be sent; nothing sent`);
      return null;
    }
    return this.sendToClient.execute({
      clientId: p.clientId,
      about: `offer ${p.offerId}`,
      idempotencyKey: `waitlist-offer:${p.offerId}`,
      purpose: 'waitlist-offer',
      sensitive: true,
      compose: async (client) => {
        const { businessName, timeZone } = await this.platform.businessAt(locationId);
        const input = { ...p, businessName, firstName: client.firstName, timeZone, link: offerLink(this.config.PUBLIC_URL, token) };
        return { sms: () => renderOfferSms(input), email: () => renderOfferEmail(input) };
      },
    });
  }
}
