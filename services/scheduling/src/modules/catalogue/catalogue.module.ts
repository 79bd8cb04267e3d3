import { Module } from '@nestjs/common';
import { ServiceResolver } from './graphql/service.resolver.js';
import { ResourcesController, ServicesController } from './http/services.controller.js';
import { CatalogueUseCase } from './use-cases/catalogue.use-case.js';

@Module({
  controllers: [ServicesController, ResourcesController],
  providers: [CatalogueUseCase, ServiceResolver],
  exports: [CatalogueUseCase],
})
export class CatalogueModule {}
