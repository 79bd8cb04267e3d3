import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { NoteTemplateEntity } from './note-template.entity.js';

@Injectable()
export class NoteTemplateRepository {
  constructor(private readonly dataSource: DataSource) {}

  private repo(manager?: EntityManager) {
    return (manager ?? this.dataSource.manager).getRepository(NoteTemplateEntity);
  }

  list(includeArchived: boolean): Promise<NoteTemplateEntity[]> {
    return this.repo().find({ where: includeArchived ? {} : { archived: false }, order: { archived: 'ASC', name: 'ASC' } });
  }

  findById(id: string, manager?: EntityManager): Promise<NoteTemplateEntity | null> {
    return this.repo(manager).findOneBy({ id });
  }

  async lock(id: string, manager: EntityManager): Promise<NoteTemplateEntity | null> {
    await manager.query(`SELECT 1 FROM note_templates WHERE id = $1 FOR UPDATE`, [id]);
    return this.findById(id, manager);
  }

  async insert(values: Partial<NoteTemplateEntity>, manager?: EntityManager): Promise<NoteTemplateEntity> {
    const repo = this.repo(manager);
    return repo.save(repo.create(values));
  }

  async update(id: string, values: Partial<NoteTemplateEntity>, manager: EntityManager): Promise<void> {
    await this.repo(manager)
      .createQueryBuilder()
      .update(NoteTemplateEntity)
      .set({ ...values, version: () => 'version + 1', updatedAt: () => 'now()' })
      .where('id = :id', { id })
      .execute();
  }

  async delete(id: string, manager: EntityManager): Promise<void> {
    await this.repo(manager).delete({ id });
  }

  async isUsed(id: string, manager: EntityManager): Promise<boolean> {
    const rows = await manager.query(`SELECT 1 FROM client_notes WHERE template_id = $1 LIMIT 1`, [id]);
    return rows.length > 0;
  }
}
