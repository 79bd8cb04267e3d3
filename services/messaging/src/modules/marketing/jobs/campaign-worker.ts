import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { QUEUES } from '@salon/contracts';
import { APP_CONFIG, safeErrorMessage } from '@salon/nest-kit';
import { Worker, type Job } from 'bullmq';
import { Redis } from 'ioredis';
import type { MessagingConfig } from '../../../config.js';
import { bullPrefix } from '../../delivery/jobs/delivery-queues.js';
import { RunCampaignUseCase } from '../use-cases/run-campaign.use-case.js';
import type { CampaignJob } from './campaign-queue.js';

/** The worker process's consumer of due campaign sends; each job only calls the use-case. */
@Injectable()
export class CampaignWorker implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('CampaignWorker');
  private worker?: Worker<CampaignJob>;
  private connection?: Redis;

  constructor(
    @Inject(APP_CONFIG) private readonly config: MessagingConfig,
    private readonly run: RunCampaignUseCase,
  ) {}

  onApplicationBootstrap() {
    this.connection = new Redis(this.config.REDIS_URL, { maxRetriesPerRequest: null });
    this.worker = new Worker<CampaignJob>(QUEUES.CAMPAIGN, (job: Job<CampaignJob>) => this.run.run(job.data.campaignId), {
      connection: this.connection,
      prefix: bullPrefix(this.config),
      concurrency: 1,
      lockDuration: this.config.WORKER_LOCK_MS,
      stalledInterval: Math.max(500, Math.min(Math.floor(this.config.WORKER_LOCK_MS / 2), 30_000)),
      maxStalledCount: 5,
    });
    this.worker.on('error', (error) => this.logger.warn(`campaign worker: ${safeErrorMessage(error)}`));
    this.worker.on('failed', (job, error) => this.logger.warn(`campaign ${job?.data.campaignId}: ${safeErrorMessage(error)}`));
  }

  async onApplicationShutdown() {
    await this.worker?.close();
    await this.connection?.quit().catch(() => this.connection?.disconnect());
  }
}
