import { Injectable } from '@nestjs/common';
import { isUuid, type UserPermissions } from '@salon/contracts';
import { ForbiddenError, NotFoundError, PermissionResolver, type AuthContext } from '@salon/nest-kit';
import { mayListUser, mayReadUser } from '../../users/domain/user-profile.js';
import type { UserEntity } from '../../users/persistence/user.entity.js';
import { UserRepository } from '../../users/persistence/user.repository.js';
import { effectivePermissions, validPermissionList } from '../domain/effective-permissions.js';
import { PermissionGroupRepository } from '../persistence/permission-group.repository.js';

@Injectable()
export class UserPermissionsUseCase {
  constructor(
    private readonly users: UserRepository,
    private readonly groups: PermissionGroupRepository,
    private readonly callers: PermissionResolver,
  ) {}

  /** GET /api/users/{id}/permissions: yourself, or anyone if you are admin. */
  async forUser(auth: AuthContext, userId: string): Promise<UserPermissions> {
    if (!mayReadUser(auth, userId)) throw new ForbiddenError("Forbidden: only an admin may read another user's permissions");
    return this.of(userId);
  }

  /** The same rule for a user row already in hand (GraphQL fields of a User reached any way). */
  async ofUserFor(auth: AuthContext, user: UserEntity): Promise<UserPermissions> {
    if (!mayReadUser(auth, user.id)) throw new ForbiddenError("Forbidden: only an admin may read another user's permissions");
    return this.ofUser(user);
  }

  /**
   * A user's groups (id and name) as the staff list shows them: whoever may list the user
   * (domain mayListUser); the groups' permissions are their own rule (PermissionGroupsUseCase).
   */
  async groupsFor(auth: AuthContext, user: UserEntity): Promise<UserPermissions['groups']> {
    if (!mayReadUser(auth, user.id)) {
      const caller = { userId: auth.userId, role: auth.role, permissions: await this.callers.permissionsOf(auth.userId) };
      if (!mayListUser(caller, user)) throw new ForbiddenError("Forbidden: requires view_staff to see another user's groups");
    }
    return (await this.groups.groupsOfUsers([user.id])).get(user.id)?.map((g) => ({ id: g.id, name: g.name })) ?? [];
  }

  async of(userId: string): Promise<UserPermissions> {
    const user = isUuid(userId) ? await this.users.findById(userId) : null;
    if (!user) throw new NotFoundError(`User ${userId} not found`);
    return this.ofUser(user);
  }

  /** For a user row already in hand (GraphQL field resolvers): one query for the groups. */
  async ofUser(user: UserEntity): Promise<UserPermissions> {
    const userId = user.id;
    const groups = (await this.groups.groupsOfUsers([userId])).get(userId) ?? [];
    return {
      permissions: effectivePermissions(
        user.role,
        groups.map((g) => g.permissions),
        user.directPermissions,
      ),
      groups: groups.map((g) => ({ id: g.id, name: g.name })),
      directPermissions: [...user.directPermissions].sort(),
    };
  }

  async setDirect(userId: string, permissions: readonly string[]): Promise<void> {
    const list = validPermissionList('permissions', permissions);
    const user = isUuid(userId) ? await this.users.findById(userId) : null;
    if (!user) throw new NotFoundError(`User ${userId} not found`);
    await this.users.update(userId, { directPermissions: list });
  }
}
