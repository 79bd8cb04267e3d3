import { Module, RequestMethod, type MiddlewareConsumer, type NestModule } from '@nestjs/common';
import { ClientImportResolver } from './graphql/client-import.resolver.js';
import { ClientImportsController } from './http/client-imports.controller.js';
import { CsvBodyMiddleware } from './http/csv-body.middleware.js';
import { ImportsCoreModule } from './imports-core.module.js';
import { PreviewImportUseCase } from './use-cases/preview-import.use-case.js';
import { StartImportUseCase } from './use-cases/start-import.use-case.js';
import { UploadImportUseCase } from './use-cases/upload-import.use-case.js';

/**
 * Client import, API process: upload, preview, start (a BullMQ job), progress, rejected rows —
 * REST under /api/client-imports and the `clientImports` query. The work itself runs in the
 * worker process (ImportsWorkerModule, src/worker.ts).
 */
@Module({
  imports: [ImportsCoreModule],
  controllers: [ClientImportsController],
  providers: [UploadImportUseCase, PreviewImportUseCase, StartImportUseCase, ClientImportResolver],
})
export class ImportsModule implements NestModule {
  configure(consumer: MiddlewareConsumer) {
    consumer.apply(CsvBodyMiddleware).forRoutes({ path: 'api/client-imports', method: RequestMethod.POST });
  }
}
