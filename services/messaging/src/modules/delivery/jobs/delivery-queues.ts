import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { QUEUES } from '@salon/contracts';
import { APP_CONFIG } from '@salon/nest-kit';
import { Queue, type JobsOptions } from 'bullmq';
import { Redis } from 'ioredis';
import type { MessagingConfig } from '../../../config.js';
import type { MessageChannel } from '../domain/message-status.js';

export interface DeliveryJob {
  messageId: string;
  /** Set when pacing reserved a send slot for this job, so a delayed job keeps its slot. */
  slotAt?: number;
}

export const queueNameOf = (channel: MessageChannel) => (channel === 'sms' ? QUEUES.SMS : QUEUES.EMAIL);

/** Every BullMQ key of the service sits under the service's Redis prefix (tests get their own). */
export const bullPrefix = (config: Pick<MessagingConfig, 'REDIS_KEY_PREFIX'>) => `${config.REDIS_KEY_PREFIX}bull`;

export function deliveryJobOptions(config: MessagingConfig, messageId: string): JobsOptions {
  return {
    // The message id is the job id: enqueueing the same message twice adds one job.
    jobId: messageId,
    attempts: config.MESSAGE_MAX_ATTEMPTS,
    backoff: { type: 'exponential', delay: config.MESSAGE_BACKOFF_MS },
    removeOnComplete: { age: 3600, count: 5000 },
    // A failed job stays inspectable for a week (DESIGN §4); the message row keeps the error forever.
    removeOnFail: { age: 7 * 24 * 3600 },
  };
}

/** The producer side: puts a message's id on its channel's queue. */
@Injectable()
export class DeliveryQueues implements OnModuleDestroy {
  private readonly connection: Redis;
  private readonly queues: Record<MessageChannel, Queue<DeliveryJob>>;

  constructor(@Inject(APP_CONFIG) private readonly config: MessagingConfig) {
    this.connection = new Redis(config.REDIS_URL, { maxRetriesPerRequest: 2 });
    const prefix = bullPrefix(config);
    this.queues = {
      email: new Queue<DeliveryJob>(QUEUES.EMAIL, { connection: this.connection, prefix }),
      sms: new Queue<DeliveryJob>(QUEUES.SMS, { connection: this.connection, prefix }),
    };
  }

  /**
   * Enqueues made in the same tick (a burst of reminders, an automation's batch) go to Redis as one
   * addBulk per channel instead of one round trip each. Each caller still resolves only once its
   * job is in Redis (or rejects with the bulk's error), and the job id is still the message id, so
   * a repeated enqueue adds nothing.
   */
  enqueue(channel: MessageChannel, messageId: string, delayMs = 0): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const pending = this.pending[channel];
      pending.push({ messageId, delayMs, resolve, reject });
      if (pending.length === 1) setImmediate(() => void this.flush(channel));
    });
  }

  private readonly pending: Record<
    MessageChannel,
    { messageId: string; delayMs: number; resolve: () => void; reject: (error: unknown) => void }[]
  > = {
    email: [],
    sms: [],
  };

  private async flush(channel: MessageChannel): Promise<void> {
    const batch = this.pending[channel].splice(0);
    if (batch.length === 0) return;
    try {
      await this.queues[channel].addBulk(
        batch.map(({ messageId, delayMs }) => ({
          name: 'deliver',
          data: { messageId },
          // A delayed job (a text held for quiet hours) waits in BullMQ's delayed set under the same id.
          opts: { ...deliveryJobOptions(this.config, messageId), ...(delayMs > 0 ? { delay: delayMs } : {}) },
        })),
      );
      for (const b of batch) b.resolve();
    } catch (error) {
      for (const b of batch) b.reject(error);
    }
  }

  /** Like enqueue, but also revives a job BullMQ gave up on (stalled too often) while its row is unfinished. */
  async revive(channel: MessageChannel, messageId: string): Promise<void> {
    const existing = await this.queues[channel].getJob(messageId);
    if (existing && (await existing.isFailed())) await existing.retry('failed');
    else await this.enqueue(channel, messageId);
  }

  queue(channel: MessageChannel): Queue<DeliveryJob> {
    return this.queues[channel];
  }

  async onModuleDestroy() {
    await Promise.all(Object.values(this.queues).map((q) => q.close()));
    await this.connection.quit().catch(() => this.connection.disconnect());
  }
}
