import { Injectable } from '@nestjs/common';
import { createPermissionGroupInputSchema, isUuid } from '@salon/contracts';
import { ConflictError, NotFoundError, parseInput } from '@salon/nest-kit';
import { UserRepository } from '../../users/persistence/user.repository.js';
import { validGroupName, validPermissionList } from '../domain/effective-permissions.js';
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

  memberIds(groupId: string): Promise<string[]> {
    return this.groups.memberIds(groupId);
  }

  memberCounts(groupIds: readonly string[]): Promise<Map<string, number>> {
    return this.groups.memberCounts(groupIds);
  }
}
