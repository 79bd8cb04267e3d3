import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, NotFoundError, ValidationFailedError } from '@salon/nest-kit';
import { emailPreviewUrl, type MessagingConfig } from '../../../config.js';
import type { MessageChannel } from '../domain/message-status.js';
import type { MessageEntity } from '../persistence/message.entity.js';
import { MessageRepository } from '../persistence/message.repository.js';

export interface MessageView {
  id: string;
  channel: MessageChannel;
  recipient: string;
  sender: string;
  subject: string | null;
  /** Null for messages that carried a secret (reset links and codes). */
  bodyText: string | null;
  purpose: string;
  status: MessageEntity['status'];
  provider: string | null;
  providerMessageId: string | null;
  attempts: number;
  lastError: string | null;
  createdBy: string | null;
  queuedAt: Date;
  sentAt: Date | null;
  deliveredAt: Date | null;
  failedAt: Date | null;
  updatedAt: Date;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The message log as admins see it (the /email-test page, GET /api/messages). */
@Injectable()
export class MessageViewsUseCase {
  constructor(
    @Inject(APP_CONFIG) private readonly config: MessagingConfig,
    private readonly messages: MessageRepository,
  ) {}

  async list(limit = 50, channel?: MessageChannel): Promise<MessageView[]> {
    if (!Number.isInteger(limit) || limit < 1 || limit > 500) throw ValidationFailedError.field('limit', 'must be a whole number from 1 to 500');
    return (await this.messages.list(limit, channel)).map(toView);
  }

  async get(id: string): Promise<MessageView> {
    const message = UUID.test(id) ? await this.messages.findById(id) : null;
    if (!message) throw new NotFoundError(`Message ${id} not found`);
    return toView(message);
  }

  settings() {
    return { emailProvider: this.config.EMAIL_PROVIDER, smsProvider: this.config.SMS_PROVIDER, emailPreviewUrl: emailPreviewUrl(this.config) };
  }
}

function toView(m: MessageEntity): MessageView {
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
    queuedAt: m.queuedAt,
    sentAt: m.sentAt,
    deliveredAt: m.deliveredAt,
    failedAt: m.failedAt,
    updatedAt: m.updatedAt,
  };
}
