import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';
import type { RecoveryChannel } from '../domain/recovery-policy.js';

/** One recovery request: only a keyed hash of its link token or code is kept. */
@Entity({ name: 'password_reset_requests' })
export class PasswordResetRequestEntity {
  @PrimaryColumn('uuid') id: string;
  @Column({ name: 'user_id', type: 'uuid' }) userId: string;
  @Column({ type: 'text' }) channel: RecoveryChannel;
  @Column({ name: 'secret_hash', type: 'text' }) secretHash: string;
  @Column({ name: 'expires_at', type: 'timestamptz' }) expiresAt: Date;
  @Column({ name: 'used_at', type: 'timestamptz', nullable: true }) usedAt: Date | null;
  @Column({ name: 'failed_attempts', type: 'integer', default: 0 }) failedAttempts: number;
  @Column({ name: 'request_ip', type: 'text', nullable: true }) requestIp: string | null;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
}
