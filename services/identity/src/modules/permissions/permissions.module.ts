import { Module } from '@nestjs/common';
import { PermissionGroupResolver } from './graphql/permission-group.resolver.js';
import { UserPermissionsController } from './http/user-permissions.controller.js';
import { PermissionGroupsUseCase } from './use-cases/permission-groups.use-case.js';
import { UserPermissionsUseCase } from './use-cases/user-permissions.use-case.js';

@Module({
  controllers: [UserPermissionsController],
  providers: [UserPermissionsUseCase, PermissionGroupsUseCase, PermissionGroupResolver],
  exports: [UserPermissionsUseCase, PermissionGroupsUseCase],
})
export class PermissionsModule {}
