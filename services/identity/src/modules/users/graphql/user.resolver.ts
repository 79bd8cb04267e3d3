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

  // A reference is a read of the user: the rule of `user(id)` and GET /api/users/{id}, not a back door
  // around it for whoever calls the subgraph's `_entities` directly.
  @ResolveReference()
  resolveReference(@Parent() reference: { id: string }, @CurrentAuth() auth: AuthContext) {
    return this.manageUsers.get(auth, reference.id);
  }

  @ResolveField(() => String)
  fullName(@Parent() user: UserEntity) {
    return fullName(user);
  }

  // What GET /api/users/{id}/permissions and /color-preferences answer goes through the same
  // use-case rule (yourself, or anyone if you are admin): a user reached through `users` or a
  // group is not a way round it. Group names are the staff list's (whoever may list the user).
  @ResolveField(() => [PermissionGroupModel], {
    description: 'Whoever may list the user (view_staff for staff); a group’s permissions: its members and admins',
  })
  async permissionGroups(@Parent() user: UserEntity, @CurrentAuth() auth: AuthContext) {
    const groups = await this.userPermissions.groupsFor(auth, user);
    return Promise.all(groups.map((g) => this.groups.get(g.id)));
  }

  @ResolveField(() => [String], { description: 'Yourself, or anyone if you are admin' })
  async directPermissions(@Parent() user: UserEntity, @CurrentAuth() auth: AuthContext) {
    return (await this.userPermissions.ofUserFor(auth, user)).directPermissions;
  }

  @ResolveField(() => [String], {
    description: 'Effective: groups and direct together (all for admin). Yourself, or anyone if you are admin',
  })
  async permissions(@Parent() user: UserEntity, @CurrentAuth() auth: AuthContext) {
    return (await this.userPermissions.ofUserFor(auth, user)).permissions;
  }

  @ResolveField(() => ColorPreferencesModel, { description: 'Yourself, or anyone if you are admin' })
  colorPreferences(@Parent() user: UserEntity, @CurrentAuth() auth: AuthContext) {
    return this.preferences.get(auth, user.id);
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

  // No @AdminOnly: the person themselves may write their own (the use-case decides).
  @Mutation(() => UserModel, { description: 'The bio shown on online booking: an admin, or the person themselves; blank clears it' })
  setUserBio(
    @CurrentAuth() auth: AuthContext,
    @Args('id', { type: () => ID }) id: string,
    @Args('bio', { type: () => String, nullable: true }) bio?: string | null,
  ) {
    return this.manageUsers.setBio(auth, id, { bio: bio ?? null });
  }

  // No @AdminOnly: the person themselves may set their own (the use-case decides, as for the bio).
  @Mutation(() => UserModel, {
    description: 'The profile photo: a JPEG, PNG or WebP data URL, or null to remove it; an admin or the person themselves',
  })
  setUserPhoto(
    @CurrentAuth() auth: AuthContext,
    @Args('id', { type: () => ID }) id: string,
    @Args('photo', { type: () => String, nullable: true }) photo?: string | null,
  ) {
    return this.manageUsers.setPhoto(auth, id, { photo: photo ?? null });
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
