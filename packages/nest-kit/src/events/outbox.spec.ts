import type { EventEnvelope } from '@salon/contracts';
import { pino } from 'pino';
import { DataSource, type EntityManager } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testRedisPrefix, type TestDatabase } from '../testing/test-database.js';
import { deleteRedisKeys, EventTables1700000000000, sampleEvent, seqOf, waitFor } from './event-fixtures.js';
import type { EventTransport, Subscription } from './event-transport.js';
import { InboxConsumer } from './inbox-consumer.js';
import { OutboxRelay } from './outbox-relay.js';
import { OutboxWriter, type DomainEventInput } from './outbox-writer.provider.js';
import { RedisStreamsTransport } from './redis-streams.transport.js';

const logger = pino({ level: 'silent' });
const writer = new OutboxWriter();
let db: TestDatabase;
let dataSource: DataSource;

const userUpdated = (aggregateId: string, seq: number): DomainEventInput<'identity.user.updated.v1'> => ({
  type: 'identity.user.updated.v1',
  aggregateType: 'user',
  aggregateId,
  actor: { type: 'user', id: 'admin-1' },
  payload: { userId: aggregateId, changed: [String(seq)] },
});

/** Records what it is given; can be switched "down" like a broker that is not reachable. */
class RecordingTransport implements EventTransport {
  down = false;
  published: EventEnvelope[] = [];
  constructor(private readonly delayMs = 0) {}
  async publish(envelopes: readonly EventEnvelope[]) {
    if (this.down) throw new Error('broker unreachable');
    if (this.delayMs) await new Promise((resolve) => setTimeout(resolve, Math.random() * this.delayMs));
    this.published.push(...envelopes);
  }
  subscribe(): Promise<Subscription> {
    throw new Error('not used');
  }
  async deadLetters() {
    return [];
  }
  async replayDeadLetter() {}
  async replayFrom() {}
  async close() {}
}

async function clearOutbox() {
  await dataSource.query(`TRUNCATE outbox, inbox, effects`);
}

beforeAll(async () => {
  db = await createTestDatabase('events', { migrations: [EventTables1700000000000], entities: [] });
  dataSource = new DataSource({ type: 'postgres', url: db.url, entities: [], extra: { max: 8 } });
  await dataSource.initialize();
});
afterAll(async () => {
  await dataSource?.destroy();
  await db?.drop();
});

describe('outbox writer', () => {
  it('writes a validated envelope with a v7 id in the caller transaction', async () => {
    await clearOutbox();
    const envelope = await dataSource.transaction((m) => writer.append(m, { ...userUpdated('u1', 0), locationId: 'loc-1' }));
    expect(envelope.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7/);
    expect(envelope).toMatchObject({
      type: 'identity.user.updated.v1',
      aggregateId: 'u1',
      locationId: 'loc-1',
      actor: { type: 'user', id: 'admin-1' },
      traceparent: null,
    });
    const [row] = await dataSource.query(`SELECT id, type, aggregate_id, envelope, published_at FROM outbox`);
    expect(row).toMatchObject({ id: envelope.id, type: envelope.type, aggregate_id: 'u1', envelope, published_at: null });
  });

  it('refuses an invalid payload and writes nothing', async () => {
    await clearOutbox();
    const bad = { ...userUpdated('u1', 0), payload: { userId: 'u1' } } as unknown as DomainEventInput<'identity.user.updated.v1'>;
    await expect(dataSource.transaction((m) => writer.append(m, bad))).rejects.toThrow(/payload\.changed/);
    expect(await dataSource.query(`SELECT 1 FROM outbox`)).toHaveLength(0);
  });
});

describe('outbox relay', () => {
  it('is woken by the commit (LISTEN/NOTIFY), not by its poll', async () => {
    await clearOutbox();
    const transport = new RecordingTransport();
    // Polls far apart: only the notification can bring the event out while the test waits.
    const relay = new OutboxRelay(dataSource, transport, logger, { intervalMs: 120_000, safetyPollMs: 120_000 });
    relay.start();
    try {
      await waitFor(() => relay.isListening, 'the relay listening');
      await waitFor(async () => transport.published.length === 0, 'the first pass done');
      await dataSource.transaction((m) => writer.appendAll(m, [userUpdated('u1', 0), userUpdated('u1', 1)]));
      await waitFor(() => transport.published.length === 2, 'the events published after the commit');
      expect(transport.published.map(seqOf)).toEqual([0, 1]);
      // A rolled-back append notifies nobody and publishes nothing.
      await expect(
        dataSource.transaction(async (m) => {
          await writer.append(m, userUpdated('u1', 2));
          throw new Error('rolled back');
        }),
      ).rejects.toThrow('rolled back');
      await dataSource.transaction((m) => writer.append(m, userUpdated('u1', 3)));
      await waitFor(() => transport.published.length === 3, 'the next committed event');
      expect(transport.published.map(seqOf)).toEqual([0, 1, 3]);
    } finally {
      await relay.stop();
    }
  });

  it('publishes what was committed, in order, and stamps it', async () => {
    await clearOutbox();
    const transport = new RecordingTransport();
    await dataSource.transaction((m) => writer.appendAll(m, [userUpdated('u1', 0), userUpdated('u1', 1)]));
    const relay = new OutboxRelay(dataSource, transport, logger);
    expect(await relay.publishPending()).toBe(2);
    expect(transport.published.map(seqOf)).toEqual([0, 1]);
    expect(await dataSource.query(`SELECT 1 FROM outbox WHERE published_at IS NULL`)).toHaveLength(0);
    expect(await relay.publishPending()).toBe(0);
  });

  it('publishes nothing for a rolled-back transaction', async () => {
    await clearOutbox();
    const transport = new RecordingTransport();
    await expect(
      dataSource.transaction(async (m) => {
        await writer.append(m, userUpdated('u1', 0));
        throw new Error('the state change failed');
      }),
    ).rejects.toThrow('the state change failed');
    expect(await new OutboxRelay(dataSource, transport, logger).publishPending()).toBe(0);
    expect(transport.published).toEqual([]);
  });

  it('keeps events while the broker is down and sends them when it is back', async () => {
    await clearOutbox();
    const transport = new RecordingTransport();
    transport.down = true;
    await dataSource.transaction((m) => writer.appendAll(m, [userUpdated('u1', 0), userUpdated('u2', 0), userUpdated('u1', 1)]));
    const relay = new OutboxRelay(dataSource, transport, logger);
    expect(await relay.publishPending()).toBe(0);
    expect(await relay.publishPending()).toBe(0);
    const rows = await dataSource.query(`SELECT attempts, last_error FROM outbox WHERE published_at IS NULL`);
    expect(rows).toHaveLength(3);
    expect(rows[0]).toEqual({ attempts: 2, last_error: 'broker unreachable' });
    transport.down = false;
    expect(await relay.publishPending()).toBe(3);
    expect(transport.published.map((e) => `${e.aggregateId}:${seqOf(e)}`)).toEqual(['u1:0', 'u2:0', 'u1:1']);
  });

  it('keeps per-aggregate order with two relays running against one outbox', async () => {
    await clearOutbox();
    const transport = new RecordingTransport(3);
    const relays = [1, 2].map(() => new OutboxRelay(dataSource, transport, logger, { intervalMs: 5, batchSize: 7 }));
    relays.forEach((r) => r.start());
    const counters = new Map<string, number>();
    // Writers commit one after the other (as the aggregate's row lock would order them); relays race.
    for (let i = 0; i < 40; i++) {
      const events = [0, 1, 2].map((j) => {
        const key = `agg-${(i + j) % 4}`;
        const seq = counters.get(key) ?? 0;
        counters.set(key, seq + 1);
        return userUpdated(key, seq);
      });
      await dataSource.transaction((m) => writer.appendAll(m, events));
      if (i % 5 === 0) await new Promise((resolve) => setTimeout(resolve, 2));
    }
    await waitFor(() => transport.published.length === 120, 'all 120 events relayed');
    await Promise.all(relays.map((r) => r.stop()));
    const byKey = new Map<string, number[]>();
    for (const e of transport.published) byKey.set(e.aggregateId, [...(byKey.get(e.aggregateId) ?? []), seqOf(e)]);
    for (const [key, seqs] of byKey) expect(seqs, key).toEqual(Array.from({ length: counters.get(key)! }, (_, i) => i));
  });

  it('delivers committed events end to end through Redis Streams to an inbox consumer', async () => {
    await clearOutbox();
    const url = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
    const prefix = testRedisPrefix('outbox');
    const transport = new RedisStreamsTransport({ url, prefix });
    const inbox = new InboxConsumer(dataSource);
    const sub = await transport.subscribe({
      group: 'svc',
      contexts: ['identity'],
      handle: async (e) => void (await inbox.run('svc:Test.handle', e, (m) => m.query(`INSERT INTO effects VALUES ($1, 'svc')`, [e.id]))),
    });
    await dataSource.transaction((m) => writer.appendAll(m, [userUpdated('u1', 0), userUpdated('u2', 0)]));
    const relay = new OutboxRelay(dataSource, transport, logger, { intervalMs: 10 });
    relay.start();
    await waitFor(async () => (await dataSource.query(`SELECT 1 FROM effects`)).length === 2, 'both effects');
    await relay.stop();
    await sub.stop();
    await transport.close();
    await deleteRedisKeys(url, prefix);
  });
});

describe('inbox consumer', () => {
  it('applies an event once however often it is delivered', async () => {
    await clearOutbox();
    const inbox = new InboxConsumer(dataSource);
    const event = sampleEvent('u1', 0);
    const effect = (m: EntityManager) => m.query(`INSERT INTO effects VALUES ($1, 'a')`, [event.id]).then(() => undefined);
    const runs = await Promise.all([inbox.run('svc:A.handle', event, effect), inbox.run('svc:A.handle', event, effect)]);
    expect(runs.sort()).toEqual([false, true]);
    expect(await inbox.run('svc:A.handle', event, effect)).toBe(false);
    expect(await dataSource.query(`SELECT 1 FROM effects`)).toHaveLength(1);
    // Another consumer of the same service has its own record.
    expect(await inbox.run('svc:B.handle', event, effect)).toBe(true);
  });

  it('forgets the event when the effect fails, so the retry runs it', async () => {
    await clearOutbox();
    const inbox = new InboxConsumer(dataSource);
    const event = sampleEvent('u1', 0);
    await expect(
      inbox.run('svc:A.handle', event, async (m) => {
        await m.query(`INSERT INTO effects VALUES ($1, 'a')`, [event.id]);
        throw new Error('downstream failed');
      }),
    ).rejects.toThrow('downstream failed');
    expect(await dataSource.query(`SELECT 1 FROM inbox`)).toHaveLength(0);
    expect(
      await inbox.run('svc:A.handle', event, async (m) => void (await m.query(`INSERT INTO effects VALUES ($1, 'a')`, [event.id]))),
    ).toBe(true);
    expect(await dataSource.query(`SELECT 1 FROM effects`)).toHaveLength(1);
  });

  it('applies a run of events in one transaction, skipping those already handled, all or nothing', async () => {
    await clearOutbox();
    const inbox = new InboxConsumer(dataSource);
    const events = [sampleEvent('u1', 0), sampleEvent('u1', 1), sampleEvent('u1', 2)];
    const effect = (id: string) => (m: EntityManager) => m.query(`INSERT INTO effects VALUES ($1, 'a')`, [id]).then(() => undefined);
    expect(await inbox.run('svc:A.handle', events[1], effect(events[1].id))).toBe(true);
    const item = (e: EventEnvelope) => ({ consumer: 'svc:A.handle', envelope: e, effect: effect(e.id) });
    expect(await inbox.runBatch(events.map(item))).toBe(2);
    expect(await inbox.runBatch(events.map(item))).toBe(0);
    expect(await dataSource.query(`SELECT 1 FROM effects`)).toHaveLength(3);

    const more = [sampleEvent('u1', 3), sampleEvent('u1', 4)];
    await expect(
      inbox.runBatch([
        item(more[0]),
        { consumer: 'svc:A.handle', envelope: more[1], effect: async () => Promise.reject(new Error('downstream failed')) },
      ]),
    ).rejects.toThrow('downstream failed');
    expect(await dataSource.query(`SELECT 1 FROM effects`)).toHaveLength(3);
    expect(await dataSource.query(`SELECT 1 FROM inbox WHERE event_id = ANY($1::uuid[])`, [more.map((e) => e.id)])).toHaveLength(0);
  });
});
