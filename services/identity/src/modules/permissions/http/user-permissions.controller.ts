import { Controller, Get, Param } from '@nestjs/common';
import { CurrentAuth, type AuthContext } from '@salon/nest-kit';
import { UserPermissionsUseCase } from '../use-cases/user-permissions.use-case.js';

@Controller('api/users/:id/permissions')
export class UserPermissionsController {
  constructor(private readonly permissions: UserPermissionsUseCase) {}

  @Get()
  async get(@CurrentAuth() auth: AuthContext, @Param('id') id: string) {
    return { data: await this.permissions.forUser(auth, id) };
  }
}
