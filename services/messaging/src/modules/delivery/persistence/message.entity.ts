import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { MessageChannel, MessageStatus } from '../domain/message-status.js';

@Entity({ name: 'messages' })
export class MessageEntity {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Column({ name: 'idempotency_key', type: 'text' }) idempotencyKey: string;
  @Column({ type: 'enum', enum: ['email', 'sms'], enumName: 'message_channel' }) channel: MessageChannel;
  @Column({ type: 'text' }) recipient: string;
  @Column({ type: 'text' }) sender: string;
  @Column({ type: 'text', nullable: true }) subject: string | null;
  @Column({ name: 'body_text', type: 'text' }) bodyText: string;
  @Column({ name: 'body_html', type: 'text', nullable: true }) bodyHtml: string | null;
  @Column({ type: 'text' }) purpose: string;
  /** Carries a secret (reset link or code): never shown, and scrubbed once the message is out. */
  @Column({ type: 'boolean' }) sensitive: boolean;
  @Column({ type: 'enum', enum: ['queued', 'sending', 'sent', 'delivered', 'failed', 'suppressed'], enumName: 'message_status' })
  status: MessageStatus;
  @Column({ type: 'text', nullable: true }) provider: string | null;
  @Column({ name: 'provider_message_id', type: 'text', nullable: true }) providerMessageId: string | null;
  @Column({ type: 'integer' }) attempts: number;
  @Column({ name: 'last_error', type: 'text', nullable: true }) lastError: string | null;
  @Column({ name: 'created_by', type: 'text', nullable: true }) createdBy: string | null;
  @Column({ name: 'attempt_started_at', type: 'timestamptz', nullable: true }) attemptStartedAt: Date | null;
  @Column({ name: 'lease_expires_at', type: 'timestamptz', nullable: true }) leaseExpiresAt: Date | null;
  @Column({ name: 'queued_at', type: 'timestamptz' }) queuedAt: Date;
  @Column({ name: 'sent_at', type: 'timestamptz', nullable: true }) sentAt: Date | null;
  @Column({ name: 'delivered_at', type: 'timestamptz', nullable: true }) deliveredAt: Date | null;
  @Column({ name: 'failed_at', type: 'timestamptz', nullable: true }) failedAt: Date | null;
  @Column({ name: 'updated_at', type: 'timestamptz' }) updatedAt: Date;
  /** Extra e-mail headers (a campaign's List-Unsubscribe and List-Unsubscribe-Post); null for most messages. */
  @Column({ type: 'jsonb', nullable: true }) headers: Record<string, string> | null;
}
