import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { QUEUES } from '@salon/contracts';
import { APP_CONFIG, safeErrorMessage } from '@salon/nest-kit';
import { Worker } from 'bullmq';
import { Redis } from 'ioredis';
import type { MessagingConfig } from '../../../config.js';
import { RequeueStrandedUseCase } from '../use-cases/requeue-stranded.use-case.js';
import { bullPrefix, type DeliveryJob } from './delivery-queues.js';
import { DeliveryProcessor } from './delivery.processor.js';

/**
 * The BullMQ workers of the worker process (src/worker.ts), built from configuration at start
 * (@nestjs/bullmq's @Processor takes its options at decoration time; the rate limit, lock and
 * concurrency here are per deployment). Shutdown closes them, which lets jobs in flight finish.
 */
@Injectable()
export class DeliveryWorkers implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('DeliveryWorkers');
  private readonly workers: Worker<DeliveryJob>[] = [];
  private connection: Redis;
  private sweeper?: NodeJS.Timeout;

  constructor(
    @Inject(APP_CONFIG) private readonly config: MessagingConfig,
    private readonly processor: DeliveryProcessor,
    private readonly stranded: RequeueStrandedUseCase,
  ) {}

  onApplicationBootstrap() {
    const config = this.config;
    this.connection = new Redis(config.REDIS_URL, { maxRetriesPerRequest: null });
    const common = {
      connection: this.connection,
      prefix: bullPrefix(config),
      concurrency: config.WORKER_CONCURRENCY,
      // BullMQ renews a live job's lock every half lock; a killed worker's lock runs out within one
      // lock, and the stalled check, every half lock, then hands its jobs out again.
      lockDuration: config.WORKER_LOCK_MS,
      stalledInterval: Math.max(500, Math.min(Math.floor(config.WORKER_LOCK_MS / 2), 30_000)),
      maxStalledCount: 5,
    };
    const handle = (job: Parameters<DeliveryProcessor['process']>[0], token?: string) => this.processor.process(job, token);
    this.workers.push(
      // SES counts sends per second per account: one limit shared by every worker process.
      new Worker<DeliveryJob>(QUEUES.EMAIL, handle, { ...common, limiter: { max: config.EMAIL_PER_SECOND, duration: 1000 } }),
      // SMS pacing is per sender (SenderPacer), so a busy number does not hold up the others.
      new Worker<DeliveryJob>(QUEUES.SMS, handle, common),
    );
    for (const worker of this.workers) {
      worker.on('error', (error) => this.logger.warn(`${worker.name}: ${safeErrorMessage(error)}`)); // it reconnects on its own
      worker.on('failed', (job, error) =>
        this.logger.warn(`${worker.name} job ${job?.id} attempt ${job?.attemptsMade}: ${safeErrorMessage(error)}`),
      );
    }
    const sweepEvery = config.STRANDED_SWEEP_SECONDS * 1000;
    this.sweeper = setInterval(
      () =>
        void this.stranded
          .sweep(Math.max(30, config.STRANDED_SWEEP_SECONDS))
          .catch((error: Error) => this.logger.warn(`sweep: ${safeErrorMessage(error)}`)),
      sweepEvery,
    );
    this.sweeper.unref();
  }

  async onApplicationShutdown() {
    if (this.sweeper) clearInterval(this.sweeper);
    await Promise.all(this.workers.map((w) => w.close()));
    await this.connection?.quit().catch(() => this.connection.disconnect());
  }
}
