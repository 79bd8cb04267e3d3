import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { QUEUES } from '@salon/contracts';
import { APP_CONFIG } from '@salon/nest-kit';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import type { MessagingConfig } from '../../../config.js';
import { bullPrefix } from '../../delivery/jobs/delivery-queues.js';

export interface AutomationJob {
  sendId: string;
  /** The due time this job was made for: a send moved since (its row's due_at differs) ignores it. */
  dueAt: number;
}

/** Puts an automation send on the delayed queue for its due time (one job per send and due time). */
@Injectable()
export class AutomationQueue implements OnModuleDestroy {
  private readonly connection: Redis;
  readonly queue: Queue<AutomationJob>;

  constructor(@Inject(APP_CONFIG) config: MessagingConfig) {
    this.connection = new Redis(config.REDIS_URL, { maxRetriesPerRequest: 2 });
    this.queue = new Queue<AutomationJob>(QUEUES.AUTOMATION, { connection: this.connection, prefix: bullPrefix(config) });
  }

  async schedule(sendId: string, dueAt: Date, now = Date.now()): Promise<void> {
    await this.queue.add(
      'send',
      { sendId, dueAt: dueAt.getTime() },
      {
        jobId: `${sendId}_${dueAt.getTime()}`,
        delay: Math.max(0, dueAt.getTime() - now),
        attempts: 5,
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
