import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { QUEUES } from '@salon/contracts';
import { APP_CONFIG } from '@salon/nest-kit';
import { Queue, type JobsOptions } from 'bullmq';
import { Redis } from 'ioredis';
import { IMPORTS_CONFIG, type ImportsConfig } from '../imports.config.js';

/** The job carries the import id only; the file and progress live in PostgreSQL. */
export interface ImportJob {
  importId: string;
}

/** Every BullMQ key of the service sits under the service's Redis prefix (tests get their own). */
export const bullPrefix = (config: { REDIS_KEY_PREFIX: string }) => `${config.REDIS_KEY_PREFIX}bull`;

export function importJobOptions(config: ImportsConfig, importId: string): JobsOptions {
  return {
    // The import id is the job id: starting twice (or a sweep re-adding) adds one job.
    jobId: importId,
    attempts: config.IMPORT_MAX_ATTEMPTS,
    backoff: { type: 'exponential', delay: config.IMPORT_BACKOFF_MS },
    removeOnComplete: { age: 24 * 3600, count: 1000 },
    removeOnFail: { age: 7 * 24 * 3600 },
  };
}

/** The producer side of the import queue (API process; the worker's sweep too). */
@Injectable()
export class ImportQueue implements OnModuleDestroy {
  private readonly connection: Redis;
  readonly queue: Queue<ImportJob>;

  constructor(
    @Inject(APP_CONFIG) appConfig: { REDIS_URL: string; REDIS_KEY_PREFIX: string },
    @Inject(IMPORTS_CONFIG) private readonly config: ImportsConfig,
  ) {
    this.connection = new Redis(appConfig.REDIS_URL, { maxRetriesPerRequest: 2 });
    this.queue = new Queue<ImportJob>(QUEUES.CLIENT_IMPORT, { connection: this.connection, prefix: bullPrefix(appConfig) });
  }

  /** Adds the import's job, or revives it if BullMQ gave up on it while the import still runs. */
  async enqueue(importId: string): Promise<void> {
    const existing = await this.queue.getJob(importId);
    if (existing && (await existing.isFailed())) await existing.retry('failed');
    else if (existing && (await existing.isCompleted())) {
      await existing.remove();
      await this.queue.add('import', { importId }, importJobOptions(this.config, importId));
    } else await this.queue.add('import', { importId }, importJobOptions(this.config, importId));
  }

  async onModuleDestroy() {
    await this.queue.close();
    await this.connection.quit().catch(() => this.connection.disconnect());
  }
}
