import { Module } from '@nestjs/common';
import { APP_CONFIG } from '@salon/nest-kit';
import { IMPORTS_CONFIG, resolveImportsConfig } from './imports.config.js';
import { ImportQueue } from './jobs/import-queue.js';
import { ClientImportRepository } from './persistence/client-import.repository.js';
import { ImportViewsUseCase } from './use-cases/import-views.use-case.js';

const importsConfigProvider = {
  provide: IMPORTS_CONFIG,
  inject: [APP_CONFIG],
  useFactory: (appConfig: Record<string, unknown>) => resolveImportsConfig(appConfig),
};

/** What the API and the worker both need: the import config, the repository, the queue, the views. */
@Module({
  providers: [importsConfigProvider, ClientImportRepository, ImportQueue, ImportViewsUseCase],
  exports: [IMPORTS_CONFIG, ClientImportRepository, ImportQueue, ImportViewsUseCase],
})
export class ImportsCoreModule {}
