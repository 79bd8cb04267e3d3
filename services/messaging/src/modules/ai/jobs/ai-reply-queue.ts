import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { QUEUES } from '@salon/contracts';
import { APP_CONFIG } from '@salon/nest-kit';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import type { MessagingConfig } from '../../../config.js';
import { bullPrefix } from '../../delivery/jobs/delivery-queues.js';

export interface AiReplyJob {
  /** The inbound conversation message to answer. */
  inboundMessageId: string;
}

/** Hands an inbound text to the worker's AI assistant (one job per text: a redelivered webhook adds none). */
@Injectable()
export class AiReplyQueue implements OnModuleDestroy {
  private readonly connection: Redis;
  readonly queue: Queue<AiReplyJob>;

  constructor(@Inject(APP_CONFIG) config: MessagingConfig) {
    this.connection = new Redis(config.REDIS_URL, { maxRetriesPerRequest: 2 });
    this.queue = new Queue<AiReplyJob>(QUEUES.AI_REPLY, { connection: this.connection, prefix: bullPrefix(config) });
  }

  async answer(inboundMessageId: string): Promise<void> {
    await this.queue.add(
      'answer',
      { inboundMessageId },
      {
        jobId: inboundMessageId,
        attempts: 3,
        backoff: { type: 'exponential', delay: 2000 },
        removeOnComplete: { age: 24 * 3600, count: 5000 },
        removeOnFail: { age: 7 * 24 * 3600 },
      },
    );
  }

  async onModuleDestroy() {
    await this.queue.close();
    await this.connection.quit().catch(() => this.connection.disconnect());
  }
}
