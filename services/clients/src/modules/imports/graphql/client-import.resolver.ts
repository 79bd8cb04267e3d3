import { Args, ID, Int, Query, Resolver } from '@nestjs/graphql';
import { PERMISSIONS, type ClientImport } from '@salon/contracts';
import { RequirePermission } from '@salon/nest-kit';
import { ImportViewsUseCase } from '../use-cases/import-views.use-case.js';
import { ClientImportModel, type ClientImportFormatValue, type ClientImportStatusValue } from './client-import.model.js';

const toModel = (v: ClientImport): ClientImportModel => ({
  ...v,
  status: v.status as ClientImportStatusValue,
  format: v.format as ClientImportFormatValue,
  mapping: Object.entries(v.mapping).map(([field, column]) => ({ field, column })),
  createdAt: new Date(v.createdAt),
  startedAt: v.startedAt ? new Date(v.startedAt) : null,
  finishedAt: v.finishedAt ? new Date(v.finishedAt) : null,
});

@Resolver(() => ClientImportModel)
export class ClientImportResolver {
  constructor(private readonly views: ImportViewsUseCase) {}

  @RequirePermission(PERMISSIONS.IMPORT_CLIENTS)
  @Query(() => [ClientImportModel], { description: 'Recent client imports, newest first (a reloaded page finds the running one)' })
  async clientImports(@Args('limit', { type: () => Int, defaultValue: 20 }) limit: number) {
    return (await this.views.recent(limit)).map(toModel);
  }

  @RequirePermission(PERMISSIONS.IMPORT_CLIENTS)
  @Query(() => ClientImportModel, { nullable: true })
  async clientImport(@Args('id', { type: () => ID }) id: string) {
    return this.views.get(id).then(toModel, () => null);
  }
}
