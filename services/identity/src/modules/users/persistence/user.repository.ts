import { Injectable } from '@nestjs/common';
import type { Role } from '@salon/contracts';
import { DataSource, type EntityManager } from 'typeorm';
import { UserEntity } from './user.entity.js';

export interface UserListFilter {
  roles?: Role[];
  search?: string;
  includeInactive?: boolean;
}

@Injectable()
export class UserRepository {
  constructor(private readonly dataSource: DataSource) {}

  private repo(manager?: EntityManager) {
    return (manager ?? this.dataSource.manager).getRepository(UserEntity);
  }

  findById(id: string, manager?: EntityManager): Promise<UserEntity | null> {
    return this.repo(manager).findOneBy({ id });
  }

  findByIds(ids: readonly string[]): Promise<UserEntity[]> {
    if (!ids.length) return Promise.resolve([]);
    return this.repo().createQueryBuilder('u').where('u.id = ANY(:ids)', { ids }).getMany();
  }

  /** The only read that loads the password hash. */
  findByEmailWithPasswordHash(email: string): Promise<UserEntity | null> {
    return this.repo().createQueryBuilder('u').addSelect('u.passwordHash').where('u.email = :email', { email }).getOne();
  }

  findByEmail(email: string, manager?: EntityManager): Promise<UserEntity | null> {
    return this.repo(manager).findOneBy({ email });
  }

  /** Matches however the number was written (see phoneDigitsOf in @salon/contracts); uses the digits index. */
  findByPhoneDigits(digits: string): Promise<UserEntity | null> {
    const local = digits.startsWith('1') && digits.length === 11 ? digits.slice(1) : digits;
    return this.repo()
      .createQueryBuilder('u')
      .where(`u.phone IS NOT NULL AND regexp_replace(u.phone, '[^0-9]', '', 'g') IN (:...candidates)`, { candidates: [digits, local] })
      .orderBy('u.phone_verified_at', 'DESC', 'NULLS LAST')
      .getOne();
  }

  list(filter: UserListFilter): Promise<UserEntity[]> {
    const query = this.repo().createQueryBuilder('u').orderBy('u.first_name', 'ASC').addOrderBy('u.last_name', 'ASC');
    if (filter.roles?.length) query.andWhere('u.role = ANY(:roles)', { roles: filter.roles });
    if (!filter.includeInactive) query.andWhere('u.is_active');
    if (filter.search?.trim()) {
      const pattern = `%${filter.search.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      query.andWhere(
        `(u.first_name || ' ' || coalesce(u.last_name, '') ILIKE :p OR u.email ILIKE :p OR u.phone ILIKE :p OR u.username ILIKE :p)`,
        { p: pattern },
      );
    }
    return query.limit(500).getMany();
  }

  async usernamesStartingWith(base: string, manager?: EntityManager): Promise<Set<string>> {
    const rows = await this.repo(manager)
      .createQueryBuilder('u')
      .select('u.username', 'username')
      .where('u.username ILIKE :p', { p: `${base}%` })
      .getRawMany<{ username: string }>();
    return new Set(rows.map((r) => r.username.toLowerCase()));
  }

  insert(values: Partial<UserEntity>, manager?: EntityManager): Promise<UserEntity> {
    const repo = this.repo(manager);
    return repo.save(repo.create(values));
  }

  async update(id: string, values: Partial<UserEntity>, manager?: EntityManager): Promise<void> {
    await this.repo(manager).update({ id }, values);
  }
}
