import { Inject, Injectable } from '@nestjs/common';
import { EVENT_PAYLOADS } from '@salon/contracts';
import { APP_CONFIG, parseInput } from '@salon/nest-kit';
import { openSecret } from '@salon/tokens';
import type { MessagingConfig } from '../../../config.js';
import type { MessageEntity } from '../../delivery/persistence/message.entity.js';
import { PlatformLookup } from '../../delivery/persistence/platform-lookup.provider.js';
import { QueueMessageUseCase } from '../../delivery/use-cases/queue-message.use-case.js';
import { bookingLink, renderGiftCardEmail } from '../domain/gift-card-message.js';
import { GiftCardDeliveryQueue, type GiftCardDeliveryJob } from '../jobs/gift-card-delivery-queue.js';

const payloadSchema = EVENT_PAYLOADS['retail.gift-card.purchased-online.v1'];

/**
 * A gift card bought online (retail.gift-card.purchased-online.v1): `schedule` puts its e-mail on
 * the delayed queue for the recipient's day (the job id is the card's: a redelivered event adds
 * nothing); `execute`, when due, opens the sealed code and queues the e-mail in the salon's look
 * through the one delivery pipeline (SES). Its idempotency key is the card: sent once, and the body
 * (which holds the code) is sensitive: hidden in the log, scrubbed once sent.
 */
@Injectable()
export class SendGiftCardEmailUseCase {
  constructor(
    @Inject(APP_CONFIG) private readonly config: MessagingConfig,
    private readonly platform: PlatformLookup,
    private readonly queue: QueueMessageUseCase,
    private readonly delayed: GiftCardDeliveryQueue,
  ) {}

  async schedule(payload: unknown, locationId: string | null, now = Date.now()): Promise<void> {
    await this.delayed.schedule({ purchase: parseInput(payloadSchema, payload), locationId }, now);
  }

  async execute(job: GiftCardDeliveryJob): Promise<MessageEntity> {
    const p = parseInput(payloadSchema, job.purchase);
    const code = openSecret(p.sealedCode, this.config.EVENT_SECRET_KEY);
    const [{ businessName, timeZone }, look] = await Promise.all([this.platform.businessAt(job.locationId), this.platform.bookingLook()]);
    const email = renderGiftCardEmail({
      businessName,
      recipientName: p.recipientName,
      buyerName: p.buyerName,
      message: p.message,
      amountMinor: p.amountMinor,
      currency: p.currency,
      code,
      expiresAt: p.expiresAt,
      timeZone,
      bookingLink: bookingLink(this.config.PUBLIC_URL),
      look,
    });
    return this.queue.queue({
      idempotencyKey: `gift-card:${p.giftCardId}`,
      channel: 'email',
      to: p.recipientEmail,
      purpose: 'gift-card',
      sensitive: true,
      createdBy: null,
      subject: email.subject,
      text: email.text,
      html: email.html,
    });
  }
}
