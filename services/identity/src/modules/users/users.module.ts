import { Module } from '@nestjs/common';
import { PermissionsModule } from '../permissions/permissions.module.js';
import { PreferencesModule } from '../preferences/preferences.module.js';
import { StaffInvitationResolver } from './graphql/staff-invitation.resolver.js';
import { UserResolver } from './graphql/user.resolver.js';
import { UsersController } from './http/users.controller.js';
import { ManageUsersUseCase } from './use-cases/manage-users.use-case.js';
import { StaffInvitationsUseCase } from './use-cases/staff-invitations.use-case.js';
import { UserViewsUseCase } from './use-cases/user-views.use-case.js';

@Module({
  imports: [PermissionsModule, PreferencesModule],
  controllers: [UsersController],
  providers: [UserViewsUseCase, ManageUsersUseCase, StaffInvitationsUseCase, UserResolver, StaffInvitationResolver],
  exports: [UserViewsUseCase, StaffInvitationsUseCase],
})
export class UsersModule {}
