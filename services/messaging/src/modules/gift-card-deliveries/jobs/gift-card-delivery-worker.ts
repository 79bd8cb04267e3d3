import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { QUEUES } from '@salon/contracts';
import { APP_CONFIG, safeErrorMessage } from '@salon/nest-kit';
import { Worker, type Job } from 'bullmq';
import { Redis } from 'ioredis';
import type { MessagingConfig } from '../../../config.js';
import { bullPrefix } from '../../delivery/jobs/delivery-queues.js';
import { SendGiftCardEmailUseCase } from '../use-cases/send-gift-card-email.use-case.js';
import type { GiftCardDeliveryJob } from './gift-card-delivery-queue.js';

/** The worker process's consumer of gift card e-mails that are due; each job only calls the use-case. */
@Injectable()
export class GiftCardDeliveryWorker implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('GiftCardDeliveryWorker');
  private worker?: Worker<GiftCardDeliveryJob>;
  private connection?: Redis;

  constructor(
    @Inject(APP_CONFIG) private readonly config: MessagingConfig,
    private readonly send: SendGiftCardEmailUseCase,
  ) {}

  onApplicationBootstrap() {
    this.connection = new Redis(this.config.REDIS_URL, { maxRetriesPerRequest: null });
    this.worker = new Worker<GiftCardDeliveryJob>(
      QUEUES.GIFT_CARD_DELIVERY,
      async (job: Job<GiftCardDeliveryJob>) => {
        await this.send.execute(job.data);
      },
      {
        connection: this.connection,
        prefix: bullPrefix(this.config),
        concurrency: this.config.WORKER_CONCURRENCY,
        lockDuration: this.config.WORKER_LOCK_MS,
        stalledInterval: Math.max(500, Math.min(Math.floor(this.config.WORKER_LOCK_MS / 2), 30_000)),
        maxStalledCount: 5,
      },
    );
    this.worker.on('error', (error) => this.logger.warn(`gift card delivery worker: ${safeErrorMessage(error)}`));
    this.worker.on('failed', (job, error) => this.logger.warn(`gift card ${job?.data.purchase.giftCardId}: ${safeErrorMessage(error)}`));
  }

  async onApplicationShutdown() {
    await this.worker?.close();
    await this.connection?.quit().catch(() => this.connection?.disconnect());
  }
}
