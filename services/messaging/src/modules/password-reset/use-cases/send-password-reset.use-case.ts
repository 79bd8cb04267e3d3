import { Inject, Injectable } from '@nestjs/common';
import { EVENT_PAYLOADS } from '@salon/contracts';
import { APP_CONFIG, parseInput } from '@salon/nest-kit';
import { openSecret } from '@salon/tokens';
import type { MessagingConfig } from '../../../config.js';
import type { MessageEntity } from '../../delivery/persistence/message.entity.js';
import { QueueMessageUseCase } from '../../delivery/use-cases/queue-message.use-case.js';
import { renderResetEmail, renderResetSms, resetLink } from '../domain/password-reset-message.js';

const payloadSchema = EVENT_PAYLOADS['identity.password-reset.requested.v1'];

/**
 * Delivers identity's password-reset request (event identity.password-reset.requested.v1): opens
 * the sealed token or code and queues the e-mail or text. The idempotency key is the request id,
 * so a redelivered event lands on the same message and nothing is sent twice.
 */
@Injectable()
export class SendPasswordResetUseCase {
  constructor(
    @Inject(APP_CONFIG) private readonly config: MessagingConfig,
    private readonly queue: QueueMessageUseCase,
  ) {}

  async execute(payload: unknown): Promise<MessageEntity> {
    const p = parseInput(payloadSchema, payload);
    const secret = openSecret(p.secret, this.config.EVENT_SECRET_KEY);
    const common = {
      idempotencyKey: `password-reset:${p.requestId}`,
      to: p.to,
      purpose: 'password-reset',
      sensitive: true,
      createdBy: null,
    };
    if (p.channel === 'sms') {
      return this.queue.queue({ ...common, channel: 'sms', text: renderResetSms({ businessName: p.businessName, code: secret }) });
    }
    const email = renderResetEmail({
      businessName: p.businessName,
      firstName: p.firstName,
      link: resetLink(this.config.PUBLIC_URL, secret),
    });
    return this.queue.queue({ ...common, channel: 'email', subject: email.subject, text: email.text, html: email.html });
  }
}
