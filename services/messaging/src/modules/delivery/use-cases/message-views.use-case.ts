import { Inject, Injectable } from '@nestjs/common';
import { isUuid, type DeliverySettings, type Message } from '@salon/contracts';
import { APP_CONFIG, NotFoundError, ValidationFailedError } from '@salon/nest-kit';
import { emailPreviewUrl, type MessagingConfig } from '../../../config.js';
import type { MessageChannel } from '../domain/message-status.js';
import type { MessageEntity } from '../persistence/message.entity.js';
import { MessageRepository } from '../persistence/message.repository.js';

/** The message log as admins see it (the /email-test page, GET /api/messages). */
@Injectable()
export class MessageViewsUseCase {
  constructor(
    @Inject(APP_CONFIG) private readonly config: MessagingConfig,
    private readonly messages: MessageRepository,
  ) {}

  async list(limit = 50, channel?: MessageChannel): Promise<Message[]> {
    if (!Number.isInteger(limit) || limit < 1 || limit > 500)
      throw ValidationFailedError.field('limit', 'must be a whole number from 1 to 500');
    return (await this.messages.list(limit, channel)).map(toView);
  }

  async get(id: string): Promise<Message> {
    const message = isUuid(id) ? await this.messages.findById(id) : null;
    if (!message) throw new NotFoundError(`Message ${id} not found`);
    return toView(message);
  }

  settings(): DeliverySettings {
    return {
      emailProvider: this.config.EMAIL_PROVIDER,
      smsProvider: this.config.SMS_PROVIDER,
      emailPreviewUrl: emailPreviewUrl(this.config),
    };
  }
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** A row as the contract's Message (@salon/contracts messaging/messages). */
function toView(m: MessageEntity): Message {
  return {
    id: m.id,
    channel: m.channel,
    recipient: m.recipient,
    sender: m.sender,
    subject: m.subject,
    bodyText: m.sensitive ? null : m.bodyText,
    purpose: m.purpose,
    status: m.status,
    provider: m.provider,
    providerMessageId: m.providerMessageId,
    attempts: m.attempts,
    lastError: m.lastError,
    createdBy: m.createdBy,
    queuedAt: m.queuedAt.toISOString(),
    sentAt: iso(m.sentAt),
    deliveredAt: iso(m.deliveredAt),
    failedAt: iso(m.failedAt),
    updatedAt: m.updatedAt.toISOString(),
  };
}
