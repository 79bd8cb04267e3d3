import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { QUEUES } from '@salon/contracts';
import { APP_CONFIG, safeErrorMessage } from '@salon/nest-kit';
import { Worker, type Job } from 'bullmq';
import { Redis } from 'ioredis';
import { IMPORTS_CONFIG, type ImportsConfig } from '../imports.config.js';
import { ClientImportRepository } from '../persistence/client-import.repository.js';
import { ResumeImportsUseCase } from '../use-cases/resume-imports.use-case.js';
import { ImportProcessor } from './import.processor.js';
import { bullPrefix, type ImportJob } from './import-queue.js';

/**
 * The import queue's BullMQ worker in the worker process (src/worker.ts). One import at a time
 * per process (an import is a long run of big transactions). A killed worker's job comes back
 * through BullMQ's stalled-job check after about IMPORT_LOCK_MS; on boot and every
 * IMPORT_SWEEP_SECONDS the sweep also queues running imports that have no job. Shutdown waits for
 * the batch in flight.
 */
@Injectable()
export class ImportWorkers implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('ImportWorkers');
  private worker?: Worker<ImportJob>;
  private connection?: Redis;
  private sweeper?: NodeJS.Timeout;

  constructor(
    @Inject(APP_CONFIG) private readonly appConfig: { REDIS_URL: string; REDIS_KEY_PREFIX: string },
    @Inject(IMPORTS_CONFIG) private readonly config: ImportsConfig,
    private readonly processor: ImportProcessor,
    private readonly imports: ClientImportRepository,
    private readonly resume: ResumeImportsUseCase,
  ) {}

  async onApplicationBootstrap() {
    this.connection = new Redis(this.appConfig.REDIS_URL, { maxRetriesPerRequest: null });
    this.worker = new Worker<ImportJob>(QUEUES.CLIENT_IMPORT, (job) => this.processor.process(job), {
      connection: this.connection,
      prefix: bullPrefix(this.appConfig),
      concurrency: 1,
      lockDuration: this.config.IMPORT_LOCK_MS,
      stalledInterval: Math.min(this.config.IMPORT_LOCK_MS, 30_000),
      maxStalledCount: 5,
    });
    this.worker.on('error', (error) => this.logger.warn(`import worker: ${safeErrorMessage(error)}`));
    this.worker.on('failed', (job, error) => void this.failed(job, error));
    await this.sweep();
    this.sweeper = setInterval(() => void this.sweep(), this.config.IMPORT_SWEEP_SECONDS * 1000);
    this.sweeper.unref();
  }

  /** The last attempt failed (or the failure cannot be retried): the import says so. */
  private async failed(job: Job<ImportJob> | undefined, error: Error) {
    if (!job) return;
    const final = error.name === 'UnrecoverableError' || job.attemptsMade >= (job.opts.attempts ?? 1);
    this.logger.warn(`import ${job.data.importId} attempt ${job.attemptsMade}${final ? ' (final)' : ''}: ${safeErrorMessage(error)}`);
    if (final)
      await this.imports
        .finish(job.data.importId, 'failed', safeErrorMessage(error))
        .catch((e: Error) => this.logger.warn(`marking failed: ${safeErrorMessage(e)}`));
  }

  private async sweep() {
    try {
      const n = await this.resume.sweep();
      if (n) this.logger.log(`sweep: ${n} running import(s) checked for a job`);
    } catch (error) {
      this.logger.warn(`sweep: ${safeErrorMessage(error)}`);
    }
  }

  async onApplicationShutdown() {
    if (this.sweeper) clearInterval(this.sweeper);
    await this.worker?.close();
    await this.connection?.quit().catch(() => this.connection?.disconnect());
  }
}
