import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { PasswordResetRequestEntity } from './password-reset-request.entity.js';

@Injectable()
export class PasswordResetRequestRepository {
  constructor(private readonly dataSource: DataSource) {}

  private repo(manager?: EntityManager) {
    return (manager ?? this.dataSource.manager).getRepository(PasswordResetRequestEntity);
  }

  async insert(values: Partial<PasswordResetRequestEntity>, manager: EntityManager): Promise<void> {
    await this.repo(manager).insert(values);
  }

  /** Locked, so two attempts on one request are judged one after the other. */
  findBySecretHashForUpdate(secretHash: string, manager: EntityManager): Promise<PasswordResetRequestEntity | null> {
    return this.repo(manager)
      .createQueryBuilder('r')
      .setLock('pessimistic_write')
      .where('r.secret_hash = :secretHash', { secretHash })
      .getOne();
  }

  findByIdForUpdate(id: string, manager: EntityManager): Promise<PasswordResetRequestEntity | null> {
    return this.repo(manager).createQueryBuilder('r').setLock('pessimistic_write').where('r.id = :id', { id }).getOne();
  }

  async recordFailedAttempt(id: string, manager: EntityManager): Promise<number> {
    const result = await this.repo(manager)
      .createQueryBuilder()
      .update()
      .set({ failedAttempts: () => 'failed_attempts + 1' })
      .where('id = :id', { id })
      .returning('failed_attempts')
      .execute();
    return (result.raw as { failed_attempts: number }[])[0]?.failed_attempts ?? 0;
  }

  /** Uses this request and retires every other open one of the user (an old e-mailed link, say). */
  async markUsed(request: PasswordResetRequestEntity, manager: EntityManager): Promise<void> {
    await manager.query(`UPDATE password_reset_requests SET used_at = now() WHERE user_id = $1 AND used_at IS NULL`, [request.userId]);
  }
}
