import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { QUEUES } from '@salon/contracts';
import { APP_CONFIG } from '@salon/nest-kit';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import type { MessagingConfig } from '../../../config.js';
import { bullPrefix } from '../../delivery/jobs/delivery-queues.js';
import { dailyRunPattern } from '../domain/occasions.js';

export interface DailyOccasionsJob {
  locationId: string;
  /** The moment the run is for (a test's clock); absent, the moment the job runs. */
  at?: number;
}

const schedulerId = (locationId: string) => `daily:${locationId}`;

/**
 * Each location's daily run of the birthday and win-back automations: a BullMQ job scheduler per
 * location, at 10:00 on the location's own clock (cron read in its zone, so DST moves nothing).
 */
@Injectable()
export class DailyOccasionsQueue implements OnModuleDestroy {
  private readonly connection: Redis;
  readonly queue: Queue<DailyOccasionsJob>;

  constructor(@Inject(APP_CONFIG) config: MessagingConfig) {
    this.connection = new Redis(config.REDIS_URL, { maxRetriesPerRequest: 2 });
    this.queue = new Queue<DailyOccasionsJob>(QUEUES.AUTOMATION_DAILY, { connection: this.connection, prefix: bullPrefix(config) });
  }

  /** One scheduler per location in its zone; schedulers of locations that are gone are removed. */
  async sync(locations: readonly { id: string; timeZone: string }[]): Promise<void> {
    const wanted = new Set(locations.map((l) => schedulerId(l.id)));
    for (const l of locations)
      await this.queue.upsertJobScheduler(
        schedulerId(l.id),
        { pattern: dailyRunPattern(), tz: l.timeZone },
        {
          name: 'daily',
          data: { locationId: l.id },
          opts: {
            attempts: 5,
            backoff: { type: 'exponential', delay: 5000 },
            removeOnComplete: { count: 100 },
            removeOnFail: { count: 100 },
          },
        },
      );
    for (const s of await this.queue.getJobSchedulers(0, -1))
      if (s.key.startsWith('daily:') && !wanted.has(s.key)) await this.queue.removeJobScheduler(s.key);
  }

  async onModuleDestroy() {
    await this.queue.close();
    await this.connection.quit().catch(() => this.connection.disconnect());
  }
}
