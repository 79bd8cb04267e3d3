import { Inject, Injectable } from '@nestjs/common';
import DataLoader from 'dataloader';
import { APP_CONFIG, parseInput, ValidationFailedError } from '@salon/nest-kit';
import type { MessagingConfig } from '../../../config.js';
import { queueMessageSchema, senderOf, type QueueMessageInput } from '../domain/message-input.js';
import { normaliseRecipient, recipientProblem } from '../domain/recipient.js';
import { DeliveryQueues } from '../jobs/delivery-queues.js';
import type { EntityManager } from 'typeorm';
import type { MessageEntity } from '../persistence/message.entity.js';
import { MessageRepository, type NewMessage, type StoredMessage } from '../persistence/message.repository.js';

/** The one way into the pipeline: a message log row, then a job carrying its id. */
@Injectable()
export class QueueMessageUseCase {
  constructor(
    @Inject(APP_CONFIG) private readonly config: MessagingConfig,
    private readonly messages: MessageRepository,
    private readonly queues: DeliveryQueues,
  ) {}

  /** Same idempotency key → the same row (and no second job); the row comes back as it stands. */
  async queue(input: QueueMessageInput, options: { notBefore?: Date; now?: Date } = {}): Promise<MessageEntity> {
    const message = await this.record(input);
    await this.enqueue(message, options);
    return message;
  }

  /**
   * The log row only, for a caller that must write what the message belongs to before it can go
   * out (then `enqueue`). A crash in between leaves a queued row that the stranded sweep enqueues.
   */
  async record(input: QueueMessageInput): Promise<MessageEntity> {
    return this.records.load(this.newMessage(input));
  }

  // The rows queued in one event-loop turn (a burst of reminders, a bench's batch) are written by
  // one statement instead of an INSERT and a SELECT each; each caller still gets its own row.
  private readonly records = new DataLoader<NewMessage, MessageEntity>((values) => this.messages.insertOrGetBatch(values), {
    cache: false,
    maxBatchSize: 500,
    batchScheduleFn: (run) => setImmediate(run),
  });

  /**
   * Many log rows in one statement (a campaign's page), inside the caller's transaction when it
   * gives one; same keys → the same rows. Then `enqueueAll` once the transaction has committed.
   */
  recordMany(inputs: readonly QueueMessageInput[], manager?: EntityManager): Promise<StoredMessage[]> {
    return this.messages.insertOrGetMany(
      inputs.map((input) => this.newMessage(input)),
      manager,
    );
  }

  /** One addBulk per channel for all of them (see DeliveryQueues.enqueue); finished ones are left alone. */
  async enqueueAll(messages: readonly Pick<StoredMessage, 'id' | 'channel' | 'status'>[]): Promise<void> {
    await Promise.all(
      messages.filter((m) => m.status === 'queued' || m.status === 'sending').map((m) => this.queues.enqueue(m.channel, m.id)),
    );
  }

  private newMessage(input: QueueMessageInput): NewMessage {
    const values = parseInput(queueMessageSchema, input);
    const recipient = normaliseRecipient(values.channel, values.to);
    if (!recipient) throw ValidationFailedError.field('to', recipientProblem(values.channel));
    return {
      idempotencyKey: values.idempotencyKey,
      channel: values.channel,
      recipient,
      sender: senderOf(values, { sms: this.config.TWILIO_FROM, email: this.config.EMAIL_FROM }),
      subject: values.channel === 'email' ? (values.subject ?? null) : null,
      bodyText: values.text,
      bodyHtml: values.channel === 'email' ? (values.html ?? null) : null,
      purpose: values.purpose,
      sensitive: values.sensitive ?? false,
      createdBy: values.createdBy ?? null,
      headers: values.channel === 'email' ? (values.headers ?? null) : null,
    };
  }

  /**
   * `notBefore` holds the job in BullMQ's delayed set until then (a text waiting out quiet hours).
   * Enqueued even when the row already existed: if a crash came between the insert and the
   * enqueue last time, this repairs it; otherwise the job id (the message id) makes it a no-op.
   */
  async enqueue(message: MessageEntity, options: { notBefore?: Date; now?: Date } = {}): Promise<void> {
    const delayMs = options.notBefore ? Math.max(0, options.notBefore.getTime() - (options.now ?? new Date()).getTime()) : 0;
    if (message.status === 'queued' || message.status === 'sending') await this.queues.enqueue(message.channel, message.id, delayMs);
  }
}
