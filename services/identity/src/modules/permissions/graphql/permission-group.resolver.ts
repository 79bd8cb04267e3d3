import { Args, ID, Int, Mutation, Parent, Query, ResolveField, Resolver, ResolveReference } from '@nestjs/graphql';
import { PERMISSION_CATALOG } from '@salon/contracts';
import { AdminOnly, CurrentAuth, type AuthContext } from '@salon/nest-kit';
import { UserModel } from '../../users/graphql/user.model.js';
import type { PermissionGroupEntity } from '../persistence/permission-group.entity.js';
import { PermissionGroupsUseCase } from '../use-cases/permission-groups.use-case.js';
import { CreatePermissionGroupInput, PermissionDefinitionModel, PermissionGroupModel } from './permission-group.model.js';

@Resolver(() => PermissionGroupModel)
export class PermissionGroupResolver {
  constructor(private readonly groups: PermissionGroupsUseCase) {}

  @AdminOnly()
  @Query(() => [PermissionGroupModel])
  permissionGroups() {
    return this.groups.list();
  }

  @AdminOnly()
  @Query(() => [PermissionDefinitionModel], { description: 'Every permission an admin can grant, by category' })
  permissionCatalog() {
    return PERMISSION_CATALOG;
  }

  @ResolveReference()
  resolveReference(@Parent() reference: { id: string }, @CurrentAuth() auth: AuthContext) {
    return this.groups.getFor(auth, reference.id);
  }

  @ResolveField(() => [String], { description: 'The group’s members and admins only' })
  permissions(@Parent() group: PermissionGroupEntity, @CurrentAuth() auth: AuthContext) {
    return this.groups.permissionsFor(auth, group);
  }

  @ResolveField(() => [UserModel], { description: 'Admins only' })
  async members(@Parent() group: PermissionGroupEntity, @CurrentAuth() auth: AuthContext) {
    return this.groups.membersFor(auth, group.id);
  }

  @ResolveField(() => Int)
  async memberCount(@Parent() group: PermissionGroupEntity) {
    return (await this.groups.memberCounts([group.id])).get(group.id) ?? 0;
  }

  @AdminOnly()
  @Mutation(() => PermissionGroupModel)
  createPermissionGroup(@Args('input') input: CreatePermissionGroupInput) {
    return this.groups.create(input);
  }

  @AdminOnly()
  @Mutation(() => PermissionGroupModel)
  renamePermissionGroup(@Args('id', { type: () => ID }) id: string, @Args('name') name: string) {
    return this.groups.rename(id, name);
  }

  @AdminOnly()
  @Mutation(() => PermissionGroupModel)
  setGroupPermissions(@Args('id', { type: () => ID }) id: string, @Args('permissions', { type: () => [String] }) permissions: string[]) {
    return this.groups.setPermissions(id, permissions);
  }

  @AdminOnly()
  @Mutation(() => Boolean)
  deletePermissionGroup(@Args('id', { type: () => ID }) id: string) {
    return this.groups.delete(id);
  }

  @AdminOnly()
  @Mutation(() => PermissionGroupModel)
  addGroupMember(@Args('groupId', { type: () => ID }) groupId: string, @Args('userId', { type: () => ID }) userId: string) {
    return this.groups.addMember(groupId, userId);
  }

  @AdminOnly()
  @Mutation(() => PermissionGroupModel)
  removeGroupMember(@Args('groupId', { type: () => ID }) groupId: string, @Args('userId', { type: () => ID }) userId: string) {
    return this.groups.removeMember(groupId, userId);
  }
}
