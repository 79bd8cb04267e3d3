import { Injectable } from '@nestjs/common';
import { ImportQueue } from '../jobs/import-queue.js';
import { ClientImportRepository } from '../persistence/client-import.repository.js';

/**
 * Imports marked running must have a job. A crash between the start's commit and its enqueue
 * leaves one without; a job BullMQ gave up on (stalled too often) is revived. Re-adding a live
 * job is a no-op (job id = import id) and a resumed job continues from `processed_rows`.
 */
@Injectable()
export class ResumeImportsUseCase {
  constructor(
    private readonly imports: ClientImportRepository,
    private readonly queue: ImportQueue,
  ) {}

  async sweep(olderThanSeconds = 0): Promise<number> {
    const ids = await this.imports.runningIds(olderThanSeconds);
    for (const id of ids) await this.queue.enqueue(id);
    return ids.length;
  }
}
