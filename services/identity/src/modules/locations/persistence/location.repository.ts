import { Injectable } from '@nestjs/common';
import type { Location } from '@salon/contracts';
import { DataSource, type EntityManager } from 'typeorm';
import { LocationEntity } from './location.entity.js';

@Injectable()
export class LocationRepository {
  constructor(private readonly dataSource: DataSource) {}

  private repo(manager?: EntityManager) {
    return (manager ?? this.dataSource.manager).getRepository(LocationEntity);
  }

  list(includeInactive: boolean): Promise<LocationEntity[]> {
    return this.repo().find({ where: includeInactive ? {} : { isActive: true }, order: { isDefault: 'DESC', name: 'ASC' } });
  }

  findById(id: string, manager?: EntityManager): Promise<LocationEntity | null> {
    return this.repo(manager).findOneBy({ id });
  }

  async count(manager?: EntityManager): Promise<number> {
    return this.repo(manager).count();
  }

  insert(values: Partial<LocationEntity>, manager?: EntityManager): Promise<LocationEntity> {
    const repo = this.repo(manager);
    return repo.save(repo.create(values));
  }

  async update(id: string, values: Partial<LocationEntity>, manager?: EntityManager): Promise<void> {
    await this.repo(manager).update({ id }, values);
  }

  /** Moves the default flag in one statement pair inside the caller's transaction. */
  async makeDefault(id: string, manager: EntityManager): Promise<void> {
    await manager.query(`UPDATE locations SET is_default = false, updated_at = now() WHERE is_default AND id <> $1`, [id]);
    await manager.query(`UPDATE locations SET is_default = true, updated_at = now() WHERE id = $1`, [id]);
  }

  /** Serialises default/active changes so two admins cannot leave zero or two defaults. */
  async lockAll(manager: EntityManager): Promise<void> {
    await manager.query(`LOCK TABLE locations IN SHARE ROW EXCLUSIVE MODE`);
  }
}

/** A row as the contract's Location (GET /api/locations). */
export function toLocationView({ id, name, timeZone, isDefault, isActive, address, phone }: LocationEntity): Location {
  return { id, name, timeZone, isDefault, isActive, address, phone };
}
