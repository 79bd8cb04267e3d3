import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { isUuid } from '@salon/contracts';
import type { MessageChannel, MessageStatus } from '../domain/message-status.js';
import { MessageEntity } from './message.entity.js';

export interface NewMessage {
  idempotencyKey: string;
  channel: MessageChannel;
  recipient: string;
  sender: string;
  subject: string | null;
  bodyText: string;
  bodyHtml: string | null;
  purpose: string;
  sensitive: boolean;
  createdBy: string | null;
  headers?: Record<string, string> | null;
}

/** A stored message as a bulk insert answers it: enough to link it and put it on its queue. */
export interface StoredMessage {
  id: string;
  idempotencyKey: string;
  channel: MessageChannel;
  status: MessageStatus;
}

// Once a message is out (or never will be), a secret in its body has no reason to stay.
const SCRUB = `body_text = CASE WHEN sensitive THEN '[redacted]' ELSE body_text END, body_html = CASE WHEN sensitive THEN NULL ELSE body_html END`;

@Injectable()
export class MessageRepository {
  constructor(private readonly dataSource: DataSource) {}

  private repo(manager?: EntityManager) {
    return (manager ?? this.dataSource.manager).getRepository(MessageEntity);
  }

  /** Inserts unless the idempotency key exists; either way answers the key's row. */
  async insertOrGet(values: NewMessage): Promise<{ message: MessageEntity; created: boolean }> {
    const inserted: { id: string }[] = await this.dataSource.query(
      `INSERT INTO messages (idempotency_key, channel, recipient, sender, subject, body_text, body_html, purpose, sensitive, created_by, headers)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
       ON CONFLICT (idempotency_key) DO NOTHING RETURNING id`,
      [
        values.idempotencyKey,
        values.channel,
        values.recipient,
        values.sender,
        values.subject,
        values.bodyText,
        values.bodyHtml,
        values.purpose,
        values.sensitive,
        values.createdBy,
        values.headers ? JSON.stringify(values.headers) : null,
      ],
    );
    const message = await this.repo().findOneByOrFail({ idempotencyKey: values.idempotencyKey });
    return { message, created: inserted.length === 1 };
  }

  /**
   * Many rows in one statement (a campaign's page): inserts those whose idempotency key is new and
   * answers every key's row as it stands, so a repeated page writes nothing and gets the same rows.
   */
  async insertOrGetMany(values: readonly NewMessage[], manager?: EntityManager): Promise<StoredMessage[]> {
    if (values.length === 0) return [];
    const db = manager ?? this.dataSource.manager;
    const column = <K extends keyof NewMessage>(key: K) => values.map((v) => v[key] ?? null);
    await db.query(
      `INSERT INTO messages (idempotency_key, channel, recipient, sender, subject, body_text, body_html, purpose, sensitive, created_by, headers)
       SELECT * FROM unnest($1::text[], $2::message_channel[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[],
                            $9::boolean[], $10::text[], $11::jsonb[])
       ON CONFLICT (idempotency_key) DO NOTHING`,
      [
        column('idempotencyKey'),
        column('channel'),
        column('recipient'),
        column('sender'),
        column('subject'),
        column('bodyText'),
        column('bodyHtml'),
        column('purpose'),
        column('sensitive'),
        column('createdBy'),
        values.map((v) => (v.headers ? JSON.stringify(v.headers) : null)),
      ],
    );
    const rows: { id: string; idempotency_key: string; channel: MessageChannel; status: MessageStatus }[] = await db.query(
      `SELECT id, idempotency_key, channel, status FROM messages WHERE idempotency_key = ANY($1::text[])`,
      [column('idempotencyKey')],
    );
    return rows.map((r) => ({ id: r.id, idempotencyKey: r.idempotency_key, channel: r.channel, status: r.status }));
  }

  findById(id: string): Promise<MessageEntity | null> {
    return this.repo().findOneBy({ id });
  }

  list(limit: number, channel?: MessageChannel): Promise<MessageEntity[]> {
    return this.repo().find({ where: channel ? { channel } : {}, order: { queuedAt: 'DESC', id: 'DESC' }, take: limit });
  }

  /** The row, locked until the caller's transaction ends (one worker decides per message). */
  lockById(id: string, manager: EntityManager): Promise<MessageEntity | null> {
    return this.repo(manager).findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
  }

  /** Keeps a live attempt's lease from running out while the provider call lasts. */
  async extendLease(id: string, leaseMs: number): Promise<void> {
    await this.dataSource.query(
      `UPDATE messages SET lease_expires_at = now() + make_interval(secs => $2::double precision / 1000)
       WHERE id = $1 AND status = 'sending' AND lease_expires_at > now()`,
      [id, leaseMs],
    );
  }

  /** Records the start of an attempt and leases the message to this worker for `leaseMs`. */
  async markSending(id: string, provider: string, leaseMs: number, manager: EntityManager): Promise<void> {
    await manager.query(
      `UPDATE messages SET status = 'sending', provider = $2, attempts = attempts + 1, attempt_started_at = now(),
         lease_expires_at = now() + make_interval(secs => $3::double precision / 1000), updated_at = now()
       WHERE id = $1`,
      [id, provider, leaseMs],
    );
  }

  /** A delivery report may have got here first; it wins on status, we still fill the provider id. */
  async markSent(id: string, provider: string, providerMessageId: string, deliveredNow: boolean): Promise<void> {
    await this.dataSource.query(
      `UPDATE messages SET
         status = CASE WHEN status IN ('queued', 'sending') THEN (CASE WHEN $4 THEN 'delivered' ELSE 'sent' END)::message_status ELSE status END,
         provider = $2, provider_message_id = COALESCE(provider_message_id, $3),
         sent_at = COALESCE(sent_at, now()), delivered_at = CASE WHEN $4 THEN COALESCE(delivered_at, now()) ELSE delivered_at END,
         lease_expires_at = NULL, last_error = NULL, ${SCRUB}, updated_at = now()
       WHERE id = $1`,
      [id, provider, providerMessageId, deliveredNow],
    );
  }

  /** The provider certainly did not take it: back to queued, the job retries with backoff. */
  async markRetrying(id: string, error: string): Promise<void> {
    await this.dataSource.query(
      `UPDATE messages SET status = 'queued', last_error = $2, lease_expires_at = NULL, updated_at = now() WHERE id = $1 AND status = 'sending'`,
      [id, error],
    );
  }

  /** The provider may or may not have it: stays `sending`, lease ended, so the next attempt reconciles. */
  async markUncertain(id: string, error: string): Promise<void> {
    await this.dataSource.query(
      `UPDATE messages SET last_error = $2, lease_expires_at = now(), updated_at = now() WHERE id = $1 AND status = 'sending'`,
      [id, error],
    );
  }

  async markFailed(id: string, error: string): Promise<void> {
    await this.dataSource.query(
      `UPDATE messages SET status = 'failed', last_error = $2, failed_at = now(), lease_expires_at = NULL, ${SCRUB}, updated_at = now()
       WHERE id = $1 AND status IN ('queued', 'sending')`,
      [id, error],
    );
  }

  async markSuppressed(id: string, reason: string, manager?: EntityManager): Promise<void> {
    await (manager ?? this.dataSource.manager).query(
      `UPDATE messages SET status = 'suppressed', last_error = $2, lease_expires_at = NULL, ${SCRUB}, updated_at = now() WHERE id = $1`,
      [id, reason],
    );
  }

  /** The row a provider's report is about: by our id when the report carries it, else by the provider's id. */
  async lockForReport(
    ref: { id?: string; provider: string; providerMessageId: string },
    manager: EntityManager,
  ): Promise<MessageEntity | null> {
    const repo = this.repo(manager);
    if (ref.id && isUuid(ref.id)) {
      const byId = await repo.findOne({ where: { id: ref.id }, lock: { mode: 'pessimistic_write' } });
      if (byId && (!byId.providerMessageId || byId.providerMessageId === ref.providerMessageId)) return byId;
    }
    return repo.findOne({
      where: { provider: ref.provider, providerMessageId: ref.providerMessageId },
      lock: { mode: 'pessimistic_write' },
    });
  }

  async applyReport(
    id: string,
    status: MessageStatus,
    providerMessageId: string,
    error: string | null,
    manager: EntityManager,
  ): Promise<void> {
    await manager.query(
      `UPDATE messages SET status = $2::message_status, provider_message_id = COALESCE(provider_message_id, $3),
         sent_at = CASE WHEN $2 IN ('sent', 'delivered') THEN COALESCE(sent_at, now()) ELSE sent_at END,
         delivered_at = CASE WHEN $2 = 'delivered' THEN now() ELSE delivered_at END,
         failed_at = CASE WHEN $2 = 'failed' THEN now() ELSE failed_at END,
         last_error = COALESCE($4, last_error), lease_expires_at = NULL, ${SCRUB}, updated_at = now()
       WHERE id = $1`,
      [id, status, providerMessageId, error],
    );
  }

  /** Messages a crash left without a job (inserted, never enqueued), oldest first. */
  async unfinishedBefore(seconds: number, limit: number): Promise<{ id: string; channel: MessageChannel }[]> {
    return this.dataSource.query(
      `SELECT id, channel FROM messages WHERE status IN ('queued', 'sending') AND queued_at < now() - make_interval(secs => $1) ORDER BY queued_at LIMIT $2`,
      [seconds, limit],
    );
  }
}
