import { Injectable } from '@nestjs/common';
import { ConflictError, parseInput, ValidationFailedError } from '@salon/nest-kit';
import { startImportInputSchema, type ClientImport } from '@salon/contracts';
import { toClientImportView } from '../domain/client-import-view.js';
import { cleanMapping, mappingProblems } from '../domain/import-fields.js';
import { ImportQueue } from '../jobs/import-queue.js';
import { ClientImportRepository } from '../persistence/client-import.repository.js';
import { ImportViewsUseCase } from './import-views.use-case.js';
import { checkMappingShape } from './preview-import.use-case.js';

/**
 * Step 3: fixes the mapping and the duplicate rule, marks the import running and queues its job
 * (job id = import id, so a double click starts it once). A failed import started again resumes
 * where it stopped. Should the enqueue be lost (crash right after the commit), the worker's sweep
 * finds the running import without a job and queues it.
 */
@Injectable()
export class StartImportUseCase {
  constructor(
    private readonly imports: ClientImportRepository,
    private readonly views: ImportViewsUseCase,
    private readonly queue: ImportQueue,
  ) {}

  async start(id: string, body: unknown): Promise<ClientImport> {
    const input = parseInput(startImportInputSchema, body);
    const imp = await this.views.record(id);
    if (imp.status === 'running' || imp.status === 'completed') return toClientImportView(imp);
    if (imp.status === 'cancelled') throw new ConflictError(`Import ${id} was cancelled; upload the file again`);
    if (imp.status === 'failed') {
      const resumed = await this.imports.resume(id);
      if (resumed) await this.queue.enqueue(id);
      return this.views.get(id);
    }
    const requested = input.mapping === undefined ? imp.mapping : checkMappingShape(input.mapping);
    const problems = mappingProblems(requested, imp.columns);
    if (problems.length) throw new ValidationFailedError(problems);
    const started = await this.imports.start(id, cleanMapping(requested), input.onDuplicate);
    if (started) await this.queue.enqueue(id);
    return started ? toClientImportView(started) : this.views.get(id);
  }
}
