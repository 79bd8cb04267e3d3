import { Injectable } from '@nestjs/common';
import { DataSource, IsNull, type EntityManager } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity.js';
import { NoteEntity } from './note.entity.js';

@Injectable()
export class NoteRepository {
  constructor(private readonly dataSource: DataSource) {}

  private repo(manager?: EntityManager) {
    return (manager ?? this.dataSource.manager).getRepository(NoteEntity);
  }

  /** Pinned first, newest first. */
  listForClient(clientId: string): Promise<NoteEntity[]> {
    return this.repo().find({ where: { clientId, deletedAt: IsNull() }, order: { pinned: 'DESC', createdAt: 'DESC', id: 'DESC' } });
  }

  async lock(clientId: string, id: string, manager: EntityManager): Promise<NoteEntity | null> {
    await manager.query(`SELECT 1 FROM client_notes WHERE id = $1 FOR UPDATE`, [id]);
    return this.repo(manager).findOneBy({ id, clientId, deletedAt: IsNull() });
  }

  findById(id: string, manager?: EntityManager): Promise<NoteEntity | null> {
    return this.repo(manager).findOneBy({ id });
  }

  async insert(values: Partial<NoteEntity>, manager?: EntityManager): Promise<NoteEntity> {
    const repo = this.repo(manager);
    const result = await repo.insert(repo.create(values) as QueryDeepPartialEntity<NoteEntity>);
    return (await this.findById(result.identifiers[0].id as string, manager))!;
  }

  async update(id: string, values: Partial<NoteEntity>, manager: EntityManager): Promise<void> {
    await this.repo(manager)
      .createQueryBuilder()
      .update(NoteEntity)
      .set({ ...values, version: () => 'version + 1', updatedAt: () => 'now()' } as QueryDeepPartialEntity<NoteEntity>)
      .where('id = :id', { id })
      .execute();
  }
}
