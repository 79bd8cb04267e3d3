import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query, StreamableFile } from '@nestjs/common';
import { CurrentAuth, RequirePermission, type AuthContext } from '@salon/nest-kit';
import { ClientsUseCase } from '../use-cases/clients.use-case.js';
import { ExportClientsUseCase } from '../use-cases/export-clients.use-case.js';
import { MergeClientsUseCase } from '../use-cases/merge-clients.use-case.js';

@Controller('api/clients')
export class ClientsController {
  constructor(
    private readonly clients: ClientsUseCase,
    private readonly mergeClients: MergeClientsUseCase,
    private readonly exportClients: ExportClientsUseCase,
  ) {}

  /** Declared before `:id` so "export" is not read as an id. */
  @RequirePermission('export_clients')
  @Get('export')
  export(@Query() query: Record<string, unknown>) {
    const file = this.exportClients.execute(query);
    return new StreamableFile(file.stream, { type: file.contentType, disposition: `attachment; filename="${file.fileName}"` });
  }

  @RequirePermission('view_clients')
  @Get()
  list(@CurrentAuth() auth: AuthContext, @Query() query: Record<string, unknown>) {
    return this.clients.list(auth, query);
  }

  @RequirePermission('view_clients')
  @Get(':id')
  get(@Param('id') id: string) {
    return this.clients.get(id);
  }

  @RequirePermission('create_clients')
  @Post()
  create(@CurrentAuth() auth: AuthContext, @Body() body: unknown) {
    return this.clients.create(auth, body);
  }

  /** For online booking (called by scheduling with its service token): `{clientId, created}`. */
  @RequirePermission('create_clients')
  @Post('find-or-create')
  @HttpCode(200)
  findOrCreate(@CurrentAuth() auth: AuthContext, @Body() body: unknown) {
    return this.clients.findOrCreate(auth, body);
  }

  @RequirePermission('edit_clients')
  @Patch(':id')
  update(@CurrentAuth() auth: AuthContext, @Param('id') id: string, @Body() body: unknown) {
    return this.clients.update(auth, id, body);
  }

  @RequirePermission('delete_clients')
  @Delete(':id')
  @HttpCode(204)
  async remove(@CurrentAuth() auth: AuthContext, @Param('id') id: string, @Query() query: Record<string, unknown>) {
    await this.clients.remove(auth, id, query);
  }

  @RequirePermission('view_clients')
  @Get(':id/duplicates')
  duplicates(@Param('id') id: string) {
    return this.clients.duplicates(id);
  }

  @RequirePermission('delete_clients')
  @Post(':id/merge')
  @HttpCode(200)
  merge(@CurrentAuth() auth: AuthContext, @Param('id') id: string, @Body() body: unknown) {
    return this.mergeClients.execute(auth, id, body);
  }
}
