import { Injectable } from '@nestjs/common';
import { PermissionResolver } from '@salon/nest-kit';
import { UserRepository } from '../../users/persistence/user.repository.js';
import { effectivePermissions } from '../domain/effective-permissions.js';
import { PermissionGroupRepository } from './permission-group.repository.js';

/** Identity owns the permission tables, so its guard reads them directly (no cache to go stale). */
@Injectable()
export class DatabasePermissionResolver extends PermissionResolver {
  constructor(
    private readonly users: UserRepository,
    private readonly groups: PermissionGroupRepository,
  ) {
    super();
  }

  async permissionsOf(userId: string): Promise<readonly string[]> {
    const user = await this.users.findById(userId);
    if (!user || !user.isActive) return [];
    const groups = (await this.groups.groupsOfUsers([userId])).get(userId) ?? [];
    return effectivePermissions(
      user.role,
      groups.map((g) => g.permissions),
      user.directPermissions,
    );
  }
}
