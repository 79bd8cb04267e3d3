import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DataSource } from 'typeorm';
import { QueueMessageUseCase } from '../modules/delivery/use-cases/queue-message.use-case.js';
import { MessageRepository } from '../modules/delivery/persistence/message.repository.js';
import { startMessaging, type MessagingTestApp } from './messaging-app.js';

// The pipeline's statements are batched per event-loop turn (queued rows, claims, sent marks);
// these cases pin what batching must not change: one row per key, one attempt per message, and a
// bad message failing only its own caller. No worker runs here, so nothing races the claims.
let t: MessagingTestApp;
let queue: QueueMessageUseCase;
let messages: MessageRepository;
const PROVIDERS = { email: 'log', sms: 'log' };

beforeAll(async () => {
  t = await startMessaging('delivery_batching', { EMAIL_PROVIDER: 'log', SMS_PROVIDER: 'log' }, { worker: false });
  queue = t.app.get(QueueMessageUseCase);
  messages = t.app.get(MessageRepository);
});
afterAll(async () => {
  await t?.close();
});

const email = (key: string, text = `Body ${key}`) => ({
  idempotencyKey: key,
  channel: 'email' as const,
  to: `${key}@example.com`,
  subject: 'Hello',
  text,
  purpose: 'test',
});

describe('messages queued in one turn', () => {
  it('are written by one INSERT, one row per key, a repeated key answering the same row', async () => {
    const dataSource = t.app.get(DataSource);
    const query = dataSource.query.bind(dataSource);
    const inserts: string[] = [];
    dataSource.query = ((text: string, ...rest: unknown[]) => {
      if (/INSERT INTO messages/.test(text)) inserts.push(text);
      return query(text, ...(rest as [unknown[]]));
    }) as typeof dataSource.query;
    try {
      const queued = await Promise.all([
        ...Array.from({ length: 20 }, (_, i) => queue.queue(email(`turn-${i}`))),
        queue.queue(email('turn-3', 'A second body for the same key')),
      ]);
      expect(inserts).toHaveLength(1);
      expect(queued[20].id).toBe(queued[3].id);
      expect(queued[20].bodyText).toBe('Body turn-3');
      expect(queued.every((m) => m.status === 'queued')).toBe(true);
      const rows = await t.sql<{ n: number }>(`SELECT count(*)::int AS n FROM messages WHERE idempotency_key LIKE 'turn-%'`);
      expect(rows[0].n).toBe(20);
    } finally {
      dataSource.query = query;
    }
  });

  it('answers an existing row for a key queued earlier', async () => {
    const before = await queue.queue(email('earlier-1'));
    const [again, fresh] = await Promise.all([queue.queue(email('earlier-1', 'Changed')), queue.queue(email('earlier-2'))]);
    expect(again).toMatchObject({ id: before.id, bodyText: 'Body earlier-1' });
    expect(fresh.id).not.toBe(before.id);
  });

  it('fails only the message PostgreSQL refuses, not the others of its turn', async () => {
    // A trigger stands in for whatever the database may refuse in one row of a batch.
    await t.sql(`CREATE FUNCTION refuse_bad_body() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.body_text = 'refuse me' THEN RAISE EXCEPTION 'refused'; END IF; RETURN NEW; END $$`);
    await t.sql(`CREATE TRIGGER refuse_bad_body BEFORE INSERT ON messages FOR EACH ROW EXECUTE FUNCTION refuse_bad_body()`);
    const results = await Promise.allSettled([
      queue.queue(email('refused-ok-1')),
      queue.queue(email('refused-bad', 'refuse me')),
      queue.queue(email('refused-ok-2')),
    ]);
    await t.sql(`DROP TRIGGER refuse_bad_body ON messages`);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    const keys = await t.sql<{ idempotency_key: string }>(
      `SELECT idempotency_key FROM messages WHERE idempotency_key LIKE 'refused-%' ORDER BY idempotency_key`,
    );
    expect(keys.map((k) => k.idempotency_key)).toEqual(['refused-ok-1', 'refused-ok-2']);
  });
});

describe('claims of one turn', () => {
  it('give a message to one caller only, even when its id comes twice', async () => {
    const m = await queue.queue(email('claim-twice'));
    const claims = await messages.claimMany([m.id, m.id], 5000, PROVIDERS);
    expect(claims.map((c) => c.kind)).toEqual(['claimed', 'held']);
    expect(await t.sql(`SELECT status, attempts FROM messages WHERE id = $1`, [m.id])).toEqual([{ status: 'sending', attempts: 1 }]);
    // Leased to that attempt: a second claim leaves it alone.
    expect((await messages.claimMany([m.id], 5000, PROVIDERS))[0].kind).toBe('held');
  });

  it('claim a message whose attempt died (lease run out) as uncertain, and never a finished one', async () => {
    const [dead, done] = await Promise.all([queue.queue(email('claim-dead')), queue.queue(email('claim-done'))]);
    await t.sql(
      `UPDATE messages SET status = 'sending', attempt_started_at = now() - interval '1 minute', lease_expires_at = now() - interval '1 second' WHERE id = $1`,
      [dead.id],
    );
    await t.sql(`UPDATE messages SET status = 'sent', sent_at = now() WHERE id = $1`, [done.id]);
    const [deadClaim, doneClaim, missing] = await messages.claimMany(
      [dead.id, done.id, '00000000-0000-4000-8000-000000000000'],
      5000,
      PROVIDERS,
    );
    expect(deadClaim.kind === 'claimed' && deadClaim.uncertainSince).toBeInstanceOf(Date);
    expect(doneClaim).toEqual({ kind: 'finished', status: 'sent' });
    expect(missing).toEqual({ kind: 'missing' });
  });

  it('check STOP and the suppression list under the row lock, leaving those rows unclaimed', async () => {
    const [text, mail] = await Promise.all([
      queue.queue({ idempotencyKey: 'claim-stop', channel: 'sms', to: '+13125559001', text: 'Hi', purpose: 'test' }),
      queue.queue(email('claim-suppressed')),
    ]);
    await t.sql(`INSERT INTO sms_consent (phone, opted_out, source) VALUES ('+13125559001', true, 'test')`);
    await t.sql(
      `INSERT INTO email_suppressions (address, reason, detail) VALUES ('claim-suppressed@example.com', 'bounce', 'mailbox gone')`,
    );
    const [stopped, suppressed] = await messages.claimMany([text.id, mail.id], 5000, PROVIDERS);
    expect(stopped).toEqual({ kind: 'opted-out' });
    expect(suppressed).toMatchObject({ kind: 'suppressed', suppression: { reason: 'bounce', detail: 'mailbox gone' } });
    expect(await t.sql(`SELECT status, attempts FROM messages WHERE id = ANY($1) ORDER BY channel`, [[text.id, mail.id]])).toEqual([
      { status: 'queued', attempts: 0 },
      { status: 'queued', attempts: 0 },
    ]);
  });
});
