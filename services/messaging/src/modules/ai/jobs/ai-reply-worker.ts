import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { QUEUES } from '@salon/contracts';
import { APP_CONFIG, safeErrorMessage } from '@salon/nest-kit';
import { Worker, type Job } from 'bullmq';
import { Redis } from 'ioredis';
import type { MessagingConfig } from '../../../config.js';
import { bullPrefix } from '../../delivery/jobs/delivery-queues.js';
import { AiTurnUseCase } from '../use-cases/ai-turn.use-case.js';
import type { AiReplyJob } from './ai-reply-queue.js';

/** The worker process's AI assistant: each job is one inbound text; the use-case does the rest. */
@Injectable()
export class AiReplyWorker implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('AiReplyWorker');
  private worker?: Worker<AiReplyJob>;
  private connection?: Redis;

  constructor(
    @Inject(APP_CONFIG) private readonly config: MessagingConfig,
    private readonly turn: AiTurnUseCase,
  ) {}

  onApplicationBootstrap() {
    this.connection = new Redis(this.config.REDIS_URL, { maxRetriesPerRequest: null });
    this.worker = new Worker<AiReplyJob>(QUEUES.AI_REPLY, (job: Job<AiReplyJob>) => this.turn.run(job.data.inboundMessageId), {
      connection: this.connection,
      prefix: bullPrefix(this.config),
      concurrency: 2,
      // A model turn with tool calls can take tens of seconds; the lock is renewed while it runs.
      lockDuration: Math.max(this.config.WORKER_LOCK_MS, 30_000),
    });
    this.worker.on('error', (error) => this.logger.warn(`AI worker: ${safeErrorMessage(error)}`));
    this.worker.on('failed', (job, error) => this.logger.warn(`AI reply to ${job?.data.inboundMessageId}: ${safeErrorMessage(error)}`));
  }

  async onApplicationShutdown() {
    await this.worker?.close();
    await this.connection?.quit().catch(() => this.connection?.disconnect());
  }
}
