import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { PermissionGroupMemberEntity } from './permission-group-member.entity.js';
import { PermissionGroupEntity } from './permission-group.entity.js';

@Injectable()
export class PermissionGroupRepository {
  constructor(private readonly dataSource: DataSource) {}

  private groups(manager?: EntityManager) {
    return (manager ?? this.dataSource.manager).getRepository(PermissionGroupEntity);
  }
  private members(manager?: EntityManager) {
    return (manager ?? this.dataSource.manager).getRepository(PermissionGroupMemberEntity);
  }

  list(): Promise<PermissionGroupEntity[]> {
    return this.groups().find({ order: { name: 'ASC' } });
  }

  findById(id: string, manager?: EntityManager): Promise<PermissionGroupEntity | null> {
    return this.groups(manager).findOneBy({ id });
  }

  findByIds(ids: readonly string[], manager?: EntityManager): Promise<PermissionGroupEntity[]> {
    if (!ids.length) return Promise.resolve([]);
    return this.groups(manager).createQueryBuilder('g').where('g.id = ANY(:ids)', { ids }).getMany();
  }

  findByName(name: string, manager?: EntityManager): Promise<PermissionGroupEntity | null> {
    return this.groups(manager).findOneBy({ name });
  }

  insert(values: Partial<PermissionGroupEntity>, manager?: EntityManager): Promise<PermissionGroupEntity> {
    const repo = this.groups(manager);
    return repo.save(repo.create(values));
  }

  async update(id: string, values: Partial<PermissionGroupEntity>): Promise<void> {
    await this.groups().update({ id }, values);
  }

  async delete(id: string): Promise<boolean> {
    const result = await this.groups().delete({ id });
    return (result.affected ?? 0) > 0;
  }

  async addMember(groupId: string, userId: string, manager?: EntityManager): Promise<void> {
    await this.members(manager).createQueryBuilder().insert().values({ groupId, userId }).orIgnore().execute();
  }

  async removeMember(groupId: string, userId: string): Promise<void> {
    await this.members().delete({ groupId, userId });
  }

  async memberIds(groupId: string): Promise<string[]> {
    const rows = await this.members().find({ where: { groupId }, order: { addedAt: 'ASC' } });
    return rows.map((r) => r.userId);
  }

  async memberCounts(groupIds: readonly string[]): Promise<Map<string, number>> {
    if (!groupIds.length) return new Map();
    const rows = await this.members()
      .createQueryBuilder('m')
      .select('m.group_id', 'groupId')
      .addSelect('count(*)::int', 'count')
      .where('m.group_id = ANY(:groupIds)', { groupIds })
      .groupBy('m.group_id')
      .getRawMany<{ groupId: string; count: number }>();
    return new Map(rows.map((r) => [r.groupId, r.count]));
  }

  /** Every group of each user, in one query (lists and field resolvers batch through this). */
  async groupsOfUsers(userIds: readonly string[]): Promise<Map<string, PermissionGroupEntity[]>> {
    const result = new Map<string, PermissionGroupEntity[]>(userIds.map((id) => [id, []]));
    if (!userIds.length) return result;
    const rows = await this.groups()
      .createQueryBuilder('g')
      .innerJoin(PermissionGroupMemberEntity, 'm', 'm.group_id = g.id')
      .addSelect('m.user_id', 'member_user_id')
      .where('m.user_id = ANY(:userIds)', { userIds })
      .orderBy('g.name', 'ASC')
      .getRawAndEntities();
    rows.entities.forEach((group, index) => {
      const userId = (rows.raw[index] as { member_user_id: string }).member_user_id;
      result.get(userId)?.push(group);
    });
    return result;
  }
}
