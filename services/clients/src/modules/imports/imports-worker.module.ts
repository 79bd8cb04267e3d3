import { Module } from '@nestjs/common';
import { ImportsCoreModule } from './imports-core.module.js';
import { ImportProcessor } from './jobs/import.processor.js';
import { ImportWorkers } from './jobs/import-workers.js';
import { ResumeImportsUseCase } from './use-cases/resume-imports.use-case.js';
import { RunImportUseCase } from './use-cases/run-import.use-case.js';

/** Client import, worker process: the BullMQ worker that runs imports batch by batch, and the resume sweep. */
@Module({
  imports: [ImportsCoreModule],
  providers: [RunImportUseCase, ResumeImportsUseCase, ImportProcessor, ImportWorkers],
  exports: [RunImportUseCase],
})
export class ImportsWorkerModule {}
