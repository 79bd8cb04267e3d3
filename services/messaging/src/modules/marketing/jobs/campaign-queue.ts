import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { QUEUES } from '@salon/contracts';
import { APP_CONFIG } from '@salon/nest-kit';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import type { MessagingConfig } from '../../../config.js';
import { bullPrefix } from '../../delivery/jobs/delivery-queues.js';

export interface CampaignJob {
  campaignId: string;
}

/** A campaign's send job: delayed to its time (one job per campaign and time; the use-case decides if it is still due). */
@Injectable()
export class CampaignQueue implements OnModuleDestroy {
  private readonly connection: Redis;
  readonly queue: Queue<CampaignJob>;

  constructor(@Inject(APP_CONFIG) config: MessagingConfig) {
    this.connection = new Redis(config.REDIS_URL, { maxRetriesPerRequest: 2 });
    this.queue = new Queue<CampaignJob>(QUEUES.CAMPAIGN, { connection: this.connection, prefix: bullPrefix(config) });
  }

  async schedule(campaignId: string, at: Date, now = Date.now()): Promise<void> {
    await this.queue.add(
      'send',
      { campaignId },
      {
        jobId: `${campaignId}_${at.getTime()}`,
        delay: Math.max(0, at.getTime() - now),
        attempts: 5,
        backoff: { type: 'exponential', delay: 5000 },
        removeOnComplete: { age: 24 * 3600, count: 1000 },
        removeOnFail: { age: 7 * 24 * 3600 },
      },
    );
  }

  async onModuleDestroy() {
    await this.queue.close();
    await this.connection.quit().catch(() => this.connection.disconnect());
  }
}
