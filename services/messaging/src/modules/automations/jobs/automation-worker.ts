import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { QUEUES } from '@salon/contracts';
import { APP_CONFIG, safeErrorMessage } from '@salon/nest-kit';
import { Worker, type Job } from 'bullmq';
import { Redis } from 'ioredis';
import type { MessagingConfig } from '../../../config.js';
import { bullPrefix } from '../../delivery/jobs/delivery-queues.js';
import { RunAutomationSendUseCase } from '../use-cases/run-automation-send.use-case.js';
import type { AutomationJob } from './automation-queue.js';

/** The worker process's consumer of due automation sends; each job only calls the use-case. */
@Injectable()
export class AutomationWorker implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('AutomationWorker');
  private worker?: Worker<AutomationJob>;
  private connection?: Redis;

  constructor(
    @Inject(APP_CONFIG) private readonly config: MessagingConfig,
    private readonly run: RunAutomationSendUseCase,
  ) {}

  onApplicationBootstrap() {
    this.connection = new Redis(this.config.REDIS_URL, { maxRetriesPerRequest: null });
    this.worker = new Worker<AutomationJob>(QUEUES.AUTOMATION, (job: Job<AutomationJob>) => this.run.run(job.data.sendId, job.data.dueAt), {
      connection: this.connection,
      prefix: bullPrefix(this.config),
      concurrency: this.config.WORKER_CONCURRENCY,
      lockDuration: this.config.WORKER_LOCK_MS,
      stalledInterval: Math.max(500, Math.min(Math.floor(this.config.WORKER_LOCK_MS / 2), 30_000)),
      maxStalledCount: 5,
    });
    this.worker.on('error', (error) => this.logger.warn(`automation worker: ${safeErrorMessage(error)}`));
    this.worker.on('failed', (job, error) => this.logger.warn(`automation send ${job?.data.sendId}: ${safeErrorMessage(error)}`));
  }

  async onApplicationShutdown() {
    await this.worker?.close();
    await this.connection?.quit().catch(() => this.connection?.disconnect());
  }
}
