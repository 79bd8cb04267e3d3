import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { CurrentAuth, RequirePermission, type AuthContext } from '@salon/nest-kit';
import { NoteTemplatesUseCase } from '../use-cases/note-templates.use-case.js';

@Controller('api/note-templates')
export class NoteTemplatesController {
  constructor(private readonly templates: NoteTemplatesUseCase) {}

  @RequirePermission('view_clients')
  @Get()
  list(@Query('includeArchived') includeArchived?: string) {
    return this.templates.list(includeArchived === 'true' || includeArchived === '1');
  }

  @RequirePermission('view_clients')
  @Get(':id')
  get(@Param('id') id: string) {
    return this.templates.get(id);
  }

  @RequirePermission('manage_note_templates')
  @Post()
  create(@CurrentAuth() auth: AuthContext, @Body() body: unknown) {
    return this.templates.create(auth, body);
  }

  @RequirePermission('manage_note_templates')
  @Put(':id')
  update(@CurrentAuth() auth: AuthContext, @Param('id') id: string, @Body() body: unknown) {
    return this.templates.update(auth, id, body);
  }

  /** Deletes an unused template; archives one that notes use. */
  @RequirePermission('manage_note_templates')
  @Delete(':id')
  @HttpCode(204)
  async remove(@CurrentAuth() auth: AuthContext, @Param('id') id: string) {
    await this.templates.remove(auth, id);
  }
}
