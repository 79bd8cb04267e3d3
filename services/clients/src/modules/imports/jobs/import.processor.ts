import { Injectable } from '@nestjs/common';
import { UnrecoverableError, type Job } from 'bullmq';
import { ImportUnrecoverableError, RunImportUseCase } from '../use-cases/run-import.use-case.js';
import type { ImportJob } from './import-queue.js';

/** Turns a BullMQ job into a run of the import; retries and stalled-job recovery are BullMQ's. */
@Injectable()
export class ImportProcessor {
  constructor(private readonly runImport: RunImportUseCase) {}

  async process(job: Job<ImportJob>): Promise<string> {
    try {
      return await this.runImport.run(job.data.importId, (processed) => job.updateProgress(processed).catch(() => undefined));
    } catch (error) {
      if (error instanceof ImportUnrecoverableError) throw new UnrecoverableError(error.message);
      throw error;
    }
  }
}
