import { Args, ID, Mutation, Parent, Query, ResolveField, Resolver, ResolveReference } from '@nestjs/graphql';
import { AdminOnly, CurrentAuth, type AuthContext } from '@salon/nest-kit';
import { fullName } from '../domain/user-profile.js';
import { ColorPreferencesModel } from '../../preferences/graphql/color-preferences.model.js';
import { ColorPreferencesUseCase } from '../../preferences/use-cases/color-preferences.use-case.js';
import { PermissionGroupModel } from '../../permissions/graphql/permission-group.model.js';
import { UserPermissionsUseCase } from '../../permissions/use-cases/user-permissions.use-case.js';
import { PermissionGroupsUseCase } from '../../permissions/use-cases/permission-groups.use-case.js';
import type { UserEntity } from '../persistence/user.entity.js';
import { ManageUsersUseCase } from '../use-cases/manage-users.use-case.js';
import { CreateUserInput, UpdateUserInput } from './user.input.js';
import { UserModel, UserRole } from './user.model.js';

@Resolver(() => UserModel)
export class UserResolver {
  constructor(
    private readonly manageUsers: ManageUsersUseCase,
    private readonly userPermissions: UserPermissionsUseCase,
    private readonly groups: PermissionGroupsUseCase,
    private readonly preferences: ColorPreferencesUseCase,
  ) {}

  @Query(() => UserModel, { description: 'The signed-in user' })
  viewer(@CurrentAuth() auth: AuthContext) {
    return this.manageUsers.entity(auth.userId);
  }

  @Query(() => UserModel, { description: 'Yourself, or anyone if you are admin' })
  user(@CurrentAuth() auth: AuthContext, @Args('id', { type: () => ID }) id: string) {
    return this.manageUsers.get(auth, id);
  }

  @Query(() => [UserModel], { description: 'Staff and admins by default (needs view_staff); client accounts for admins' })
  users(
    @CurrentAuth() auth: AuthContext,
    @Args('role', { type: () => UserRole, nullable: true }) role?: UserRole,
    @Args('search', { type: () => String, nullable: true }) search?: string,
    @Args('includeInactive', { type: () => Boolean, nullable: true }) includeInactive?: boolean,
  ) {
    return this.manageUsers.list(auth, { role, search, includeInactive });
  }

  @ResolveReference()
  resolveReference(reference: { id: string }) {
    return this.manageUsers.entity(reference.id);
  }

  @ResolveField(() => String)
  fullName(@Parent() user: UserEntity) {
    return fullName(user);
  }

  @ResolveField(() => [PermissionGroupModel])
  async permissionGroups(@Parent() user: UserEntity) {
    const { groups } = await this.userPermissions.ofUser(user);
    return Promise.all(groups.map((g) => this.groups.get(g.id)));
  }

  @ResolveField(() => [String])
  directPermissions(@Parent() user: UserEntity) {
    return [...user.directPermissions].sort();
  }

  @ResolveField(() => [String], { description: 'Effective: groups and direct together (all for admin)' })
  async permissions(@Parent() user: UserEntity) {
    return (await this.userPermissions.ofUser(user)).permissions;
  }

  @ResolveField(() => ColorPreferencesModel)
  colorPreferences(@Parent() user: UserEntity) {
    return this.preferences.of(user.id);
  }

  @AdminOnly()
  @Mutation(() => UserModel)
  createUser(@Args('input') input: CreateUserInput) {
    return this.manageUsers.create(input);
  }

  @AdminOnly()
  @Mutation(() => UserModel)
  updateUser(@CurrentAuth() auth: AuthContext, @Args('id', { type: () => ID }) id: string, @Args('input') input: UpdateUserInput) {
    return this.manageUsers.update(auth, id, input);
  }

  @AdminOnly()
  @Mutation(() => UserModel, { description: 'Deactivating signs the user out everywhere' })
  setUserActive(@CurrentAuth() auth: AuthContext, @Args('id', { type: () => ID }) id: string, @Args('isActive') isActive: boolean) {
    return this.manageUsers.setActive(auth, id, isActive);
  }

  @AdminOnly()
  @Mutation(() => UserModel)
  async setDirectPermissions(
    @Args('userId', { type: () => ID }) userId: string,
    @Args('permissions', { type: () => [String] }) permissions: string[],
  ) {
    await this.userPermissions.setDirect(userId, permissions);
    return this.manageUsers.entity(userId);
  }
}
