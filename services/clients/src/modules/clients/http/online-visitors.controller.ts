import { Body, Controller, Delete, HttpCode, Param, Post } from '@nestjs/common';
import { CurrentAuth, RequirePermission, type AuthContext } from '@salon/nest-kit';
import { OnlineVisitorsUseCase } from '../use-cases/online-visitors.use-case.js';

/** Scheduling's online booking (its service token; admins pass, staff never): the profile of a visitor's booking, its undo and its confirmation. */
@Controller('api/clients/online-visitors')
export class OnlineVisitorsController {
  constructor(private readonly visitors: OnlineVisitorsUseCase) {}

  /** `{clientId, matchedClientId}`. */
  @RequirePermission('create_clients')
  @Post()
  @HttpCode(200)
  create(@CurrentAuth() auth: AuthContext, @Body() body: unknown) {
    return this.visitors.create(auth, body);
  }

  @RequirePermission('delete_clients')
  @Delete(':id')
  @HttpCode(204)
  async discard(@CurrentAuth() auth: AuthContext, @Param('id') id: string) {
    await this.visitors.discard(auth, id);
  }

  @RequirePermission('delete_clients')
  @Post(':id/confirm')
  @HttpCode(200)
  confirm(@CurrentAuth() auth: AuthContext, @Param('id') id: string, @Body() body: unknown) {
    return this.visitors.confirm(auth, id, body);
  }
}
