import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { QUEUES, type EventPayload } from '@salon/contracts';
import { APP_CONFIG } from '@salon/nest-kit';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import type { MessagingConfig } from '../../../config.js';
import { bullPrefix } from '../../delivery/jobs/delivery-queues.js';

/** What the delayed job carries: the event's payload (the code still sealed) and the selling location. */
export interface GiftCardDeliveryJob {
  purchase: EventPayload<'retail.gift-card.purchased-online.v1'>;
  locationId: string | null;
}

/** Puts a gift card's e-mail on the delayed queue for its delivery time: one job per card (its id is the job id). */
@Injectable()
export class GiftCardDeliveryQueue implements OnModuleDestroy {
  private readonly connection: Redis;
  readonly queue: Queue<GiftCardDeliveryJob>;

  constructor(@Inject(APP_CONFIG) config: MessagingConfig) {
    this.connection = new Redis(config.REDIS_URL, { maxRetriesPerRequest: 2 });
    this.queue = new Queue<GiftCardDeliveryJob>(QUEUES.GIFT_CARD_DELIVERY, { connection: this.connection, prefix: bullPrefix(config) });
  }

  async schedule(job: GiftCardDeliveryJob, now = Date.now()): Promise<void> {
    const at = Date.parse(job.purchase.deliverAt);
    await this.queue.add('send', job, {
      jobId: `gift-card_${job.purchase.giftCardId}`,
      delay: Math.max(0, at - now),
      attempts: 8,
      backoff: { type: 'exponential', delay: 5000 },
      removeOnComplete: { age: 24 * 3600, count: 5000 },
      removeOnFail: { age: 30 * 24 * 3600 },
    });
  }

  async onModuleDestroy() {
    await this.queue.close();
    await this.connection.quit().catch(() => this.connection.disconnect());
  }
}
