import { Injectable } from '@nestjs/common';
import { createPermissionGroupInputSchema, isUuid } from '@salon/contracts';
import { ConflictError, ForbiddenError, NotFoundError, parseInput, type AuthContext } from '@salon/nest-kit';
import type { UserEntity } from '../../users/persistence/user.entity.js';
import { UserRepository } from '../../users/persistence/user.repository.js';
import { validGroupName, validPermissionList } from '../domain/effective-permissions.js';
import { mayListGroupMembers, mayReadGroup } from '../domain/group-access.js';
import type { PermissionGroupEntity } from '../persistence/permission-group.entity.js';
import { PermissionGroupRepository } from '../persistence/permission-group.repository.js';

/** Admin management of permission groups and their members. */
@Injectable()
export class PermissionGroupsUseCase {
  constructor(
    private readonly groups: PermissionGroupRepository,
    private readonly users: UserRepository,
  ) {}

  list(): Promise<PermissionGroupEntity[]> {
    return this.groups.list();
  }

  async get(id: string): Promise<PermissionGroupEntity> {
    const group = isUuid(id) ? await this.groups.findById(id) : null;
    if (!group) throw new NotFoundError(`Permission group ${id} not found`);
    return group;
  }

  /** A group as the caller may see it (federation references): see domain/group-access.ts. */
  async getFor(auth: AuthContext, id: string): Promise<PermissionGroupEntity> {
    const own = auth.role === 'admin' ? [] : ((await this.groups.groupsOfUsers([auth.userId])).get(auth.userId) ?? []).map((g) => g.id);
    if (!mayReadGroup(auth, id, own)) throw new ForbiddenError('Forbidden: only an admin may read a group you are not in');
    return this.get(id);
  }

  /** A group's permissions: the same rule as reading the group (its members and admins). */
  async permissionsFor(auth: AuthContext, group: PermissionGroupEntity): Promise<string[]> {
    await this.getFor(auth, group.id);
    return group.permissions;
  }

  /** The people in a group: the admin's permissions page only. */
  async membersFor(auth: AuthContext, groupId: string): Promise<UserEntity[]> {
    if (!mayListGroupMembers(auth)) throw new ForbiddenError("Forbidden: only an admin may list a group's members");
    return this.users.findByIds(await this.groups.memberIds(groupId));
  }

  async create(input: unknown): Promise<PermissionGroupEntity> {
    const values = parseInput(createPermissionGroupInputSchema, input);
    const name = validGroupName(values.name);
    const permissions = validPermissionList('permissions', values.permissions ?? []);
    if (await this.groups.findByName(name)) throw new ConflictError(`A permission group named ${name} already exists`);
    return this.groups.insert({ name, description: values.description ?? null, permissions });
  }

  async rename(id: string, rawName: string): Promise<PermissionGroupEntity> {
    const name = validGroupName(rawName);
    await this.get(id);
    const clash = await this.groups.findByName(name);
    if (clash && clash.id !== id) throw new ConflictError(`A permission group named ${name} already exists`);
    await this.groups.update(id, { name });
    return this.get(id);
  }

  async setPermissions(id: string, permissions: readonly string[]): Promise<PermissionGroupEntity> {
    const list = validPermissionList('permissions', permissions);
    await this.get(id);
    await this.groups.update(id, { permissions: list });
    return this.get(id);
  }

  async delete(id: string): Promise<boolean> {
    await this.get(id);
    return this.groups.delete(id);
  }

  async addMember(groupId: string, userId: string): Promise<PermissionGroupEntity> {
    const group = await this.get(groupId);
    const user = isUuid(userId) ? await this.users.findById(userId) : null;
    if (!user) throw new NotFoundError(`User ${userId} not found`);
    await this.groups.addMember(group.id, user.id);
    return group;
  }

  async removeMember(groupId: string, userId: string): Promise<PermissionGroupEntity> {
    const group = await this.get(groupId);
    await this.groups.removeMember(group.id, userId);
    return group;
  }

  memberCounts(groupIds: readonly string[]): Promise<Map<string, number>> {
    return this.groups.memberCounts(groupIds);
  }
}
