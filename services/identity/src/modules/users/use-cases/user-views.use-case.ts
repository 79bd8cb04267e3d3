import { Injectable } from '@nestjs/common';
import { isUuid, type User } from '@salon/contracts';
import { NotFoundError } from '@salon/nest-kit';
import { PermissionGroupRepository } from '../../permissions/persistence/permission-group.repository.js';
import type { UserEntity } from '../persistence/user.entity.js';
import { UserRepository } from '../persistence/user.repository.js';

/** Turns user rows into the answer shape of spec §3 (with their groups), batching the group read. */
@Injectable()
export class UserViewsUseCase {
  constructor(
    private readonly users: UserRepository,
    private readonly groups: PermissionGroupRepository,
  ) {}

  async views(users: readonly UserEntity[]): Promise<User[]> {
    const groupsByUser = await this.groups.groupsOfUsers(users.map((u) => u.id));
    return users.map((user) => ({
      id: user.id,
      username: user.username,
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      phone: user.phone,
      role: user.role,
      profilePicture: user.profilePicture,
      bio: user.bio,
      isActive: user.isActive,
      permissionGroups: (groupsByUser.get(user.id) ?? []).map((g) => ({ id: g.id, name: g.name })),
    }));
  }

  async view(user: UserEntity): Promise<User> {
    return (await this.views([user]))[0];
  }

  async viewById(id: string): Promise<User> {
    const user = isUuid(id) ? await this.users.findById(id) : null;
    if (!user) throw new NotFoundError(`User ${id} not found`);
    return this.view(user);
  }
}
