import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { StaffInvitationEntity } from './staff-invitation.entity.js';

@Injectable()
export class StaffInvitationRepository {
  constructor(private readonly dataSource: DataSource) {}

  private repo(manager?: EntityManager) {
    return (manager ?? this.dataSource.manager).getRepository(StaffInvitationEntity);
  }

  insert(values: Partial<StaffInvitationEntity>): Promise<StaffInvitationEntity> {
    const repo = this.repo();
    return repo.save(repo.create(values));
  }

  listOpen(): Promise<StaffInvitationEntity[]> {
    return this.repo().createQueryBuilder('i').where('i.accepted_at IS NULL').orderBy('i.created_at', 'DESC').getMany();
  }

  /** Locks the row so one invitation cannot be accepted twice concurrently. */
  findByTokenHashForUpdate(tokenHash: string, manager: EntityManager): Promise<StaffInvitationEntity | null> {
    return this.repo(manager)
      .createQueryBuilder('i')
      .setLock('pessimistic_write')
      .where('i.token_hash = :tokenHash', { tokenHash })
      .getOne();
  }

  async markAccepted(id: string, userId: string, manager: EntityManager): Promise<void> {
    await this.repo(manager).update({ id }, { acceptedAt: new Date(), acceptedUserId: userId });
  }
}
