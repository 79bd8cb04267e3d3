import { Module } from '@nestjs/common';
import { ClientResolver } from './graphql/client.resolver.js';
import { ClientsController } from './http/clients.controller.js';
import { OnlineVisitorsController } from './http/online-visitors.controller.js';
import { ClientExportReader } from './persistence/client-export.reader.js';
import { ClientsUseCase } from './use-cases/clients.use-case.js';
import { ExportClientsUseCase } from './use-cases/export-clients.use-case.js';
import { MergeClientsUseCase } from './use-cases/merge-clients.use-case.js';
import { OnlineVisitorsUseCase } from './use-cases/online-visitors.use-case.js';

@Module({
  controllers: [OnlineVisitorsController, ClientsController],
  providers: [ClientsUseCase, MergeClientsUseCase, OnlineVisitorsUseCase, ExportClientsUseCase, ClientExportReader, ClientResolver],
  exports: [ClientsUseCase],
})
export class ClientsModule {}
