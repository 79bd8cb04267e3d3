import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post } from '@nestjs/common';
import { CurrentAuth, RequirePermission, type AuthContext } from '@salon/nest-kit';
import { NotesUseCase } from '../use-cases/notes.use-case.js';

@Controller('api/clients/:clientId/notes')
export class NotesController {
  constructor(private readonly notes: NotesUseCase) {}

  @RequirePermission('view_clients')
  @Get()
  list(@Param('clientId') clientId: string) {
    return this.notes.list(clientId);
  }

  @RequirePermission('edit_clients')
  @Post()
  add(@CurrentAuth() auth: AuthContext, @Param('clientId') clientId: string, @Body() body: unknown) {
    return this.notes.add(auth, clientId, body);
  }

  @RequirePermission('edit_clients')
  @Patch(':noteId')
  update(@CurrentAuth() auth: AuthContext, @Param('clientId') clientId: string, @Param('noteId') noteId: string, @Body() body: unknown) {
    return this.notes.update(auth, clientId, noteId, body);
  }

  @RequirePermission('edit_clients')
  @Delete(':noteId')
  @HttpCode(204)
  async remove(@CurrentAuth() auth: AuthContext, @Param('clientId') clientId: string, @Param('noteId') noteId: string) {
    await this.notes.remove(auth, clientId, noteId);
  }
}
