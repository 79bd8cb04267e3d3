import { Controller, Get, Param } from '@nestjs/common';
import { CurrentAuth, type AuthContext } from '@salon/nest-kit';
import { ManageUsersUseCase } from '../use-cases/manage-users.use-case.js';

@Controller('api/users')
export class UsersController {
  constructor(private readonly users: ManageUsersUseCase) {}

  @Get(':id')
  get(@CurrentAuth() auth: AuthContext, @Param('id') id: string) {
    return this.users.getView(auth, id);
  }
}
