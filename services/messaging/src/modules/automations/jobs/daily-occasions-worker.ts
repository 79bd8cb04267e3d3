import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { QUEUES } from '@salon/contracts';
import { APP_CONFIG, safeErrorMessage } from '@salon/nest-kit';
import { Worker, type Job } from 'bullmq';
import { Redis } from 'ioredis';
import type { MessagingConfig } from '../../../config.js';
import { bullPrefix } from '../../delivery/jobs/delivery-queues.js';
import { RunDailyOccasionsUseCase } from '../use-cases/run-daily-occasions.use-case.js';
import type { DailyOccasionsJob } from './daily-occasions-queue.js';

const SYNC_EVERY_MS = 15 * 60_000;

/**
 * The worker process's consumer of the daily runs; it also keeps one scheduler per location (at
 * start, then every 15 minutes, so a new location or a changed zone is picked up without a restart).
 */
@Injectable()
export class DailyOccasionsWorker implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('DailyOccasionsWorker');
  private worker?: Worker<DailyOccasionsJob>;
  private connection?: Redis;
  private timer?: NodeJS.Timeout;

  constructor(
    @Inject(APP_CONFIG) private readonly config: MessagingConfig,
    private readonly run: RunDailyOccasionsUseCase,
  ) {}

  onApplicationBootstrap() {
    this.connection = new Redis(this.config.REDIS_URL, { maxRetriesPerRequest: null });
    this.worker = new Worker<DailyOccasionsJob>(
      QUEUES.AUTOMATION_DAILY,
      (job: Job<DailyOccasionsJob>) => this.run.run(job.data.locationId, job.data.at ? new Date(job.data.at) : new Date()),
      {
        connection: this.connection,
        prefix: bullPrefix(this.config),
        concurrency: 1,
        lockDuration: Math.max(this.config.WORKER_LOCK_MS, 30_000),
      },
    );
    this.worker.on('error', (error) => this.logger.warn(`daily automations worker: ${safeErrorMessage(error)}`));
    this.worker.on('failed', (job, error) => this.logger.warn(`daily run of ${job?.data.locationId}: ${safeErrorMessage(error)}`));
    const sync = () => {
      this.run.syncSchedules().catch((error: Error) => this.logger.warn(`daily schedules: ${safeErrorMessage(error)}`));
    };
    sync();
    this.timer = setInterval(sync, SYNC_EVERY_MS);
    this.timer.unref();
  }

  async onApplicationShutdown() {
    if (this.timer) clearInterval(this.timer);
    await this.worker?.close();
    await this.connection?.quit().catch(() => this.connection?.disconnect());
  }
}
