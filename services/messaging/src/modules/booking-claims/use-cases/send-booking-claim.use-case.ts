import { Inject, Injectable, Logger } from '@nestjs/common';
import { EVENT_PAYLOADS } from '@salon/contracts';
import { APP_CONFIG, parseInput } from '@salon/nest-kit';
import { openSecret } from '@salon/tokens';
import type { MessagingConfig } from '../../../config.js';
import type { MessageEntity } from '../../delivery/persistence/message.entity.js';
import { PlatformLookup } from '../../delivery/persistence/platform-lookup.provider.js';
import { SendClientMessageUseCase } from '../../delivery/use-cases/send-client-message.use-case.js';
import { claimLink, renderClaimEmail, renderClaimSms } from '../domain/booking-claim-message.js';

const payloadSchema = EVENT_PAYLOADS['scheduling.booking-claim.requested.v1'];

/**
 * Delivers scheduling's "was this booking yours?" link (scheduling.booking-claim.requested.v1) to
 * the client on file the visitor's details matched, through SendClientMessageUseCase: their own
 * phone with SMS consent (and no STOP), else their own e-mail; never an address the visitor typed,
 * so only the client can follow it. The link is a credential: hidden in the log and redacted once
 * sent. The idempotency key is the claim id, so a redelivered event sends nothing more.
 */
@Injectable()
export class SendBookingClaimUseCase {
  private readonly logger = new Logger('SendBookingClaim');

  constructor(
    @Inject(APP_CONFIG) private readonly config: MessagingConfig,
    private readonly platform: PlatformLookup,
    private readonly sendToClient: SendClientMessageUseCase,
  ) {}

  /** The queued message, or null when there is nothing to send (link lapsed, client gone or unreachable). */
  async execute(payload: unknown, locationId: string | null, now = new Date()): Promise<MessageEntity | null> {
    const p = parseInput(payloadSchema, payload);
    const token = openSecret(p.token, this.config.EVENT_SECRET_KEY);
    if (new Date(p.expiresAt) <= now) {
      this.logger.log(`booking claim ${p.claimId}: expired at ${p.expiresAt} before it could be sent; nothing sent`);
      return null;
    }
    return this.sendToClient.execute({
      clientId: p.clientId,
      about: `booking claim ${p.claimId}`,
      idempotencyKey: `booking-claim:${p.claimId}`,
      purpose: 'booking-claim',
      sensitive: true,
      compose: async (client) => {
        const { businessName, timeZone } = await this.platform.businessAt(locationId);
        const input = {
          businessName,
          firstName: client.firstName,
          serviceName: p.serviceName,
          startsAt: p.startsAt,
          expiresAt: p.expiresAt,
          timeZone,
          link: claimLink(this.config.PUBLIC_URL, token),
        };
        return { sms: () => renderClaimSms(input), email: () => renderClaimEmail(input) };
      },
    });
  }
}
