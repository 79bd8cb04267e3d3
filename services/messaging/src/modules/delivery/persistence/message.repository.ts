import { Injectable } from '@nestjs/common';
import { DataSource, In, type EntityManager } from 'typeorm';
import { isUuid, type SuppressionReason } from '@salon/contracts';
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

/** What claiming a message for one delivery attempt found (see `claim`). */
export type Claim =
  | { kind: 'missing' }
  | { kind: 'finished'; status: MessageStatus }
  | { kind: 'held'; leaseExpiresAt: Date }
  | { kind: 'opted-out' }
  | { kind: 'suppressed'; suppression: { reason: SuppressionReason; detail: string | null; createdAt: string } }
  /** `uncertainSince`: an earlier attempt started then and may have reached the provider. */
  | { kind: 'claimed'; message: MessageEntity; uncertainSince: Date | null };

export interface SentReceipt {
  id: string;
  provider: string;
  providerMessageId: string;
  deliveredNow: boolean;
}

// Many new messages in one statement, one array parameter per column (`unnestParams`).
const INSERT_UNNEST = `
  INSERT INTO messages (idempotency_key, channel, recipient, sender, subject, body_text, body_html, purpose, sensitive, created_by, headers)
  SELECT * FROM unnest($1::text[], $2::message_channel[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[],
                       $9::boolean[], $10::text[], $11::jsonb[])
  ON CONFLICT (idempotency_key) DO NOTHING`;

function unnestParams(values: readonly NewMessage[]): unknown[][] {
  const column = <K extends keyof NewMessage>(key: K) => values.map((v) => v[key] ?? null);
  return [
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
  ];
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
   * `insertOrGet` for many messages in one statement (the messages queued in one event-loop turn):
   * one row per value, in order; a repeated key answers the first value's row. Should the statement
   * fail (one bad row), each value is tried on its own, so only the bad one gets the error.
   */
  async insertOrGetBatch(values: readonly NewMessage[]): Promise<(MessageEntity | Error)[]> {
    const first = new Map<string, NewMessage>();
    for (const v of values) if (!first.has(v.idempotencyKey)) first.set(v.idempotencyKey, v);
    const unique = [...first.values()];
    let rows: { row: MessageJson }[];
    try {
      // The SELECT half sees the rows that existed when the statement began; a key another
      // transaction inserted meanwhile is in neither half, and is read just after.
      rows = await this.dataSource.query(
        `WITH inserted AS (${INSERT_UNNEST} RETURNING *)
         SELECT to_jsonb(i) AS row FROM inserted i
         UNION ALL
         SELECT to_jsonb(m) AS row FROM messages m WHERE m.idempotency_key = ANY($1::text[])`,
        unnestParams(unique),
      );
    } catch {
      return Promise.all(
        values.map((v) =>
          this.insertOrGet(v).then(
            (r) => r.message,
            (error: Error) => error,
          ),
        ),
      );
    }
    const byKey = new Map(rows.map(({ row }) => [row.idempotency_key, messageFromJson(row)]));
    const late = unique.filter((v) => !byKey.has(v.idempotencyKey)).map((v) => v.idempotencyKey);
    if (late.length > 0) for (const m of await this.repo().findBy({ idempotencyKey: In(late) })) byKey.set(m.idempotencyKey, m);
    return values.map((v) => byKey.get(v.idempotencyKey) ?? new Error(`Message ${v.idempotencyKey} was neither inserted nor found`));
  }

  /**
   * Many rows in one statement (a campaign's page): inserts those whose idempotency key is new and
   * answers every key's row as it stands, so a repeated page writes nothing and gets the same rows.
   */
  async insertOrGetMany(values: readonly NewMessage[], manager?: EntityManager): Promise<StoredMessage[]> {
    if (values.length === 0) return [];
    const db = manager ?? this.dataSource.manager;
    const params = unnestParams(values);
    await db.query(INSERT_UNNEST, params);
    const rows: { id: string; idempotency_key: string; channel: MessageChannel; status: MessageStatus }[] = await db.query(
      `SELECT id, idempotency_key, channel, status FROM messages WHERE idempotency_key = ANY($1::text[])`,
      [params[0]],
    );
    return rows.map((r) => ({ id: r.id, idempotencyKey: r.idempotency_key, channel: r.channel, status: r.status }));
  }

  findById(id: string): Promise<MessageEntity | null> {
    return this.repo().findOneBy({ id });
  }

  list(limit: number, channel?: MessageChannel): Promise<MessageEntity[]> {
    return this.repo().find({ where: channel ? { channel } : {}, order: { queuedAt: 'DESC', id: 'DESC' }, take: limit });
  }

  /**
   * Claims messages for one delivery attempt each, in one statement: under its row lock, a message
   * that is queued, or `sending` with its lease run out (a worker died mid-attempt), is marked
   * `sending` and leased to this worker for `leaseMs`, unless its address is on the e-mail
   * suppression list or its phone replied STOP. Anything else (finished, leased to a live attempt,
   * missing) is reported, not touched. The row lock serialises claims, so one worker wins per
   * message. Answers one claim per id, in order.
   */
  async claimMany(ids: readonly string[], leaseMs: number, providers: Record<MessageChannel, string>): Promise<Claim[]> {
    const valid = ids.filter((id) => isUuid(id));
    // Rows are locked in id order, so two workers claiming overlapping batches cannot deadlock.
    const rows: ClaimRow[] = await this.dataSource.query(
      `WITH target AS (
         SELECT m.id, m.status AS prior_status, m.attempt_started_at AS prior_started_at, m.queued_at AS prior_queued_at,
                m.lease_expires_at AS prior_lease, COALESCE(m.status = 'sending' AND m.lease_expires_at > now(), false) AS lease_live,
                s.reason AS suppression_reason, s.detail AS suppression_detail, s.created_at AS suppressed_at,
                COALESCE(c.opted_out, false) AS opted_out
         FROM messages m
         LEFT JOIN email_suppressions s ON m.channel = 'email' AND s.address = lower(trim(m.recipient))
         LEFT JOIN sms_consent c ON m.channel = 'sms' AND c.phone = m.recipient
         WHERE m.id = ANY($1::uuid[])
         ORDER BY m.id
         FOR UPDATE OF m
       ), claimed AS (
         UPDATE messages m SET status = 'sending', provider = CASE WHEN m.channel = 'sms' THEN $2 ELSE $3 END,
           attempts = m.attempts + 1, attempt_started_at = now(),
           lease_expires_at = now() + make_interval(secs => $4::double precision / 1000), updated_at = now()
         FROM target t
         WHERE m.id = t.id AND t.prior_status IN ('queued', 'sending') AND NOT t.lease_live
           AND t.suppression_reason IS NULL AND NOT t.opted_out
         RETURNING m.*
       )
       SELECT t.*, to_jsonb(c) AS claimed FROM target t LEFT JOIN claimed c ON c.id = t.id`,
      [valid, providers.sms, providers.email, leaseMs],
    );
    const byId = new Map(rows.map((r) => [r.id, r]));
    const answered = new Set<string>();
    return ids.map((id): Claim => {
      const r = byId.get(id);
      if (!r) return { kind: 'missing' };
      if (r.claimed) {
        // The same id twice in one batch: the first caller has the attempt, the second must not send it again.
        if (answered.has(id)) return { kind: 'held', leaseExpiresAt: new Date(r.claimed.lease_expires_at!) };
        answered.add(id);
        return {
          kind: 'claimed',
          message: messageFromJson(r.claimed),
          uncertainSince: r.prior_status === 'sending' ? (r.prior_started_at ?? r.prior_queued_at) : null,
        };
      }
      if (r.prior_status !== 'queued' && r.prior_status !== 'sending') return { kind: 'finished', status: r.prior_status };
      if (r.lease_live) return { kind: 'held', leaseExpiresAt: r.prior_lease! };
      if (r.opted_out) return { kind: 'opted-out' };
      return {
        kind: 'suppressed',
        suppression: { reason: r.suppression_reason!, detail: r.suppression_detail, createdAt: new Date(r.suppressed_at!).toISOString() },
      };
    });
  }

  /** Keeps a live attempt's lease from running out while the provider call lasts. */
  async extendLease(id: string, leaseMs: number): Promise<void> {
    await this.dataSource.query(
      `UPDATE messages SET lease_expires_at = now() + make_interval(secs => $2::double precision / 1000)
       WHERE id = $1 AND status = 'sending' AND lease_expires_at > now()`,
      [id, leaseMs],
    );
  }

  /** Attempts the provider took, in one statement. A delivery report may have got here first: it wins on status, we still fill the provider id. */
  async markSentMany(receipts: readonly SentReceipt[]): Promise<void> {
    // In id order, like the claims, so overlapping row locks are always taken in the same order.
    const sorted = [...receipts].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    await this.dataSource.query(
      `UPDATE messages SET
         status = CASE WHEN status IN ('queued', 'sending') THEN (CASE WHEN r.delivered_now THEN 'delivered' ELSE 'sent' END)::message_status ELSE status END,
         provider = r.sent_by, provider_message_id = COALESCE(provider_message_id, r.sent_as),
         sent_at = COALESCE(sent_at, now()), delivered_at = CASE WHEN r.delivered_now THEN COALESCE(delivered_at, now()) ELSE delivered_at END,
         lease_expires_at = NULL, last_error = NULL, ${SCRUB}, updated_at = now()
       FROM unnest($1::uuid[], $2::text[], $3::text[], $4::boolean[]) AS r(message_id, sent_by, sent_as, delivered_now)
       WHERE id = r.message_id`,
      [sorted.map((r) => r.id), sorted.map((r) => r.provider), sorted.map((r) => r.providerMessageId), sorted.map((r) => r.deliveredNow)],
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

type ClaimRow = {
  id: string;
  prior_status: MessageStatus;
  prior_started_at: Date | null;
  prior_queued_at: Date;
  prior_lease: Date | null;
  lease_live: boolean;
  suppression_reason: SuppressionReason | null;
  suppression_detail: string | null;
  suppressed_at: Date | null;
  opted_out: boolean;
  claimed: MessageJson | null;
};

/** A `messages` row as `to_jsonb` gives it: snake_case keys, timestamps as ISO strings. */
type MessageJson = {
  id: string;
  idempotency_key: string;
  channel: MessageChannel;
  recipient: string;
  sender: string;
  subject: string | null;
  body_text: string;
  body_html: string | null;
  purpose: string;
  sensitive: boolean;
  status: MessageStatus;
  provider: string | null;
  provider_message_id: string | null;
  attempts: number;
  last_error: string | null;
  created_by: string | null;
  attempt_started_at: string | null;
  lease_expires_at: string | null;
  queued_at: string;
  sent_at: string | null;
  delivered_at: string | null;
  failed_at: string | null;
  updated_at: string;
  headers: Record<string, string> | null;
};

const dateOrNull = (v: string | null) => (v === null ? null : new Date(v));

function messageFromJson(j: MessageJson): MessageEntity {
  return Object.assign(new MessageEntity(), {
    id: j.id,
    idempotencyKey: j.idempotency_key,
    channel: j.channel,
    recipient: j.recipient,
    sender: j.sender,
    subject: j.subject,
    bodyText: j.body_text,
    bodyHtml: j.body_html,
    purpose: j.purpose,
    sensitive: j.sensitive,
    status: j.status,
    provider: j.provider,
    providerMessageId: j.provider_message_id,
    attempts: j.attempts,
    lastError: j.last_error,
    createdBy: j.created_by,
    attemptStartedAt: dateOrNull(j.attempt_started_at),
    leaseExpiresAt: dateOrNull(j.lease_expires_at),
    queuedAt: new Date(j.queued_at),
    sentAt: dateOrNull(j.sent_at),
    deliveredAt: dateOrNull(j.delivered_at),
    failedAt: dateOrNull(j.failed_at),
    updatedAt: new Date(j.updated_at),
    headers: j.headers,
  });
}
