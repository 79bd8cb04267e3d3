// The transport contract (DESIGN §3) as a suite each transport's spec runs: transport-contract.spec.ts
// (Redis Streams) and kafka.transport.spec.ts (Kafka, on librdkafka's mock cluster or a real one).
// Not a spec itself, and left out of the build (tsconfig.build.json).
import { randomBytes } from 'node:crypto';
import type { EventEnvelope } from '@salon/contracts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sampleEvent, seqOf, waitFor } from './event-fixtures.js';
import type { EventTransport, SubscribeOptions, Subscription } from './event-transport.js';

export const CONTEXT = 'identity';

interface ContractOptions {
  skip?: boolean;
  /** Runs before each test with its namespace (start a broker, create its topics). */
  prepare?: (namespace: string) => Promise<void>;
  /** Runs after each test, once its transports are closed. */
  cleanup?: () => Promise<void>;
  /** The broker can find a position from a time (Kafka's time index); librdkafka's mock cannot. */
  timeIndex?: boolean;
  /** Per test; a consumer group's first join alone takes 3 s on librdkafka's mock. */
  timeoutMs?: number;
}

/**
 * The guarantees every transport gives (DESIGN §3). `makeTransport(namespace)` returns one
 * instance (think: one process) in that namespace (key prefix, topic prefix); each test gets a
 * namespace of its own, so no test sees another's events, while two instances of one test share it.
 */
export function runTransportContract(name: string, makeTransport: (namespace: string) => EventTransport, options: ContractOptions = {}) {
  describe.skipIf(options.skip)(`event transport contract: ${name}`, { timeout: options.timeoutMs }, () => {
    let transports: EventTransport[] = [];
    let subscriptions: Subscription[] = [];
    let namespace = '';

    beforeEach(async () => {
      namespace = randomBytes(4).toString('hex');
      await options.prepare?.(namespace);
    });
    const transport = () => {
      const t = makeTransport(namespace);
      transports.push(t);
      return t;
    };
    const subscribe = async (t: EventTransport, o: Omit<SubscribeOptions, 'contexts'> & { contexts?: string[] }) => {
      const s = await t.subscribe({ contexts: [CONTEXT], ...o });
      subscriptions.push(s);
      return s;
    };
    const group = () => `g-${randomBytes(3).toString('hex')}`;

    afterEach(async () => {
      await Promise.all(subscriptions.map((s) => s.stop()));
      await Promise.all(transports.map((t) => t.close()));
      subscriptions = [];
      transports = [];
      await options.cleanup?.();
    });

    it('keeps each key in order across two instances of one group', async () => {
      const t = transport();
      const g = group();
      const seen = new Map<string, number[]>();
      const handle = async (e: EventEnvelope) => {
        seen.set(e.aggregateId, [...(seen.get(e.aggregateId) ?? []), seqOf(e)]);
        if (Math.random() < 0.1) await new Promise((resolve) => setImmediate(resolve));
      };
      await subscribe(t, { group: g, handle });
      await subscribe(transport(), { group: g, handle });
      const keys = ['a', 'b', 'c'].map((k) => `${k}-${randomBytes(2).toString('hex')}`);
      const events = Array.from({ length: 50 }, (_, seq) => keys.map((key) => sampleEvent(key, seq))).flat();
      for (let i = 0; i < events.length; i += 10) await t.publish(events.slice(i, i + 10));
      await waitFor(() => keys.every((k) => new Set(seen.get(k)).size === 50), 'all 150 events');
      // At-least-once: a partition handed over mid-stream (the second instance joining) may be read
      // again from its last commit, which the inbox absorbs. What must hold is that no event is
      // first seen before an earlier one of its key.
      for (const key of keys) expect([...new Set(seen.get(key))]).toEqual(Array.from({ length: 50 }, (_, i) => i));
    });

    it('delivers every event at least once, retrying failed handlers', async () => {
      const t = transport();
      const handled = new Set<string>();
      const failedOnce = new Set<string>();
      await subscribe(t, {
        group: group(),
        maxAttempts: 5,
        handle: async (e) => {
          if (seqOf(e) % 5 === 0 && !failedOnce.has(e.id)) {
            failedOnce.add(e.id);
            throw new Error('transient');
          }
          handled.add(e.id);
        },
      });
      const events = Array.from({ length: 100 }, (_, i) => sampleEvent(`k${i % 10}`, i));
      await t.publish(events);
      await waitFor(() => handled.size === 100, 'every event handled');
      expect(failedOnce.size).toBe(20);
      expect(await t.deadLetters(CONTEXT)).toEqual([]);
    });

    it('redelivers an unacknowledged event to the next consumer after a crash', async () => {
      const t = transport();
      const g = group();
      const key = `crash-${randomBytes(2).toString('hex')}`;
      let started = false;
      const crashed = await subscribe(t, {
        group: g,
        stopTimeoutMs: 50,
        handle: () => {
          started = true;
          return new Promise<void>(() => undefined); // hangs: the process "dies" mid-handler
        },
      });
      await t.publish([sampleEvent(key, 0), sampleEvent(key, 1)]);
      await waitFor(() => started, 'the first consumer to start handling');
      await crashed.stop();
      const seen: number[] = [];
      await subscribe(transport(), { group: g, handle: async (e) => void seen.push(seqOf(e)) });
      await waitFor(() => seen.length >= 2, 'redelivery to the second consumer');
      expect(seen).toEqual([0, 1]);
    });

    it('dead-letters an event whose handling keeps being interrupted (the process dies each time), across restarts', async () => {
      const t = transport();
      const g = group();
      const key = `killer-${randomBytes(2).toString('hex')}`;
      const poison = sampleEvent(key, 0);
      const next = sampleEvent(key, 1);
      await t.publish([poison, next]);
      // Each "process" starts handling the poison event and dies (hangs until stopped) before finishing.
      for (let life = 1; life <= 2; life++) {
        let started = false;
        const dying = await subscribe(transport(), {
          group: g,
          maxAttempts: 2,
          stopTimeoutMs: 50,
          handle: () => ((started = true), new Promise<void>(() => undefined)),
        });
        await waitFor(() => started, `life ${life} to start handling`);
        await dying.stop();
      }
      const seen: string[] = [];
      await subscribe(transport(), { group: g, maxAttempts: 2, handle: async (e) => void seen.push(e.id) });
      await waitFor(() => seen.includes(next.id), 'the event after the poison one');
      expect(seen).toEqual([next.id]);
      const letters = await t.deadLetters();
      const letter = letters.find((l) => l.eventId === poison.id);
      expect(letter?.error).toBe('delivery was interrupted 2 times (the consumer crashed or stopped while handling it)');
    });

    it('parks a poison event in the dead letters with its error, keeps the rest flowing, and replays it', async () => {
      const t = transport();
      const g = group();
      const handled: string[] = [];
      let healed = false;
      const poison = sampleEvent('p1', 1);
      const invalid = { ...sampleEvent('p1', 2), payload: { userId: 42 } } as unknown as EventEnvelope;
      await subscribe(t, {
        group: g,
        maxAttempts: 3,
        handle: async (e) => {
          if (e.id === poison.id && !healed) throw new Error(`boom ${e.id}`);
          handled.push(e.id);
        },
      });
      const before = sampleEvent('p1', 0);
      const after = sampleEvent('p1', 3);
      const other = sampleEvent('p2', 0);
      await t.publish([before, poison, invalid, after, other]);
      await waitFor(() => handled.length === 3, 'the healthy events');
      expect(handled).toEqual(expect.arrayContaining([before.id, after.id, other.id]));
      expect(handled.indexOf(before.id)).toBeLessThan(handled.indexOf(after.id));

      let letters = await t.deadLetters();
      await waitFor(async () => (letters = await t.deadLetters(CONTEXT)).length === 2, 'two dead letters');
      const dead = letters.find((l) => l.eventId === poison.id)!;
      expect(dead).toMatchObject({
        context: CONTEXT,
        group: g,
        attempts: 3,
        type: poison.type,
        aggregateId: 'p1',
        error: `boom ${poison.id}`,
      });
      const bad = letters.find((l) => l.eventId === invalid.id)!;
      expect(bad.error).toMatch(/payload\.userId/);
      expect(bad.attempts).toBe(1);
      expect((await t.deadLetters()).map((l) => l.id).sort()).toEqual(letters.map((l) => l.id).sort());

      healed = true;
      await t.replayDeadLetter(dead.id);
      await waitFor(() => handled.includes(poison.id), 'the replayed dead letter');
      expect((await t.deadLetters(CONTEXT)).map((l) => l.eventId)).toEqual([invalid.id]);
      await expect(t.replayDeadLetter(dead.id)).rejects.toThrow();
    });

    it('shares the partitions between two instances of one group, and each event is handled', async () => {
      const g = group();
      const byInstance = [new Set<string>(), new Set<string>()];
      await subscribe(transport(), { group: g, handle: async (e) => void byInstance[0].add(e.id) });
      const t = transport();
      await subscribe(t, { group: g, handle: async (e) => void byInstance[1].add(e.id) });
      // Events keep coming until both instances have had some: how soon the second one gets its
      // share is the transport's business (a rebalance, a lease), not a fixed delay.
      const published: string[] = [];
      await waitFor(
        async () => {
          const batch = Array.from({ length: 8 }, (_, i) => sampleEvent(`share-${published.length + i}`, 0));
          await t.publish(batch);
          published.push(...batch.map((e) => e.id));
          return byInstance.every((seen) => seen.size > 0);
        },
        'both instances to handle events',
        20_000,
      );
      const handled = () => new Set([...byInstance[0], ...byInstance[1]]);
      await waitFor(() => published.every((id) => handled().has(id)), 'every published event');
      expect(handled().size).toBe(published.length);
    });

    it.skipIf(options.timeIndex === false)('replays a group from a point in time', async () => {
      const t = transport();
      const g = group();
      const counts = new Map<string, number>();
      await subscribe(t, { group: g, handle: async (e) => void counts.set(e.id, (counts.get(e.id) ?? 0) + 1) });
      const early = [sampleEvent('r1', 0), sampleEvent('r2', 0)];
      await t.publish(early);
      await waitFor(() => counts.size === 2, 'the early events');
      await new Promise((resolve) => setTimeout(resolve, 5));
      const from = new Date().toISOString();
      await new Promise((resolve) => setTimeout(resolve, 5));
      const late = [sampleEvent('r1', 1), sampleEvent('r2', 1), sampleEvent('r3', 1)];
      await t.publish(late);
      await waitFor(() => counts.size === 5, 'the late events');
      await t.replayFrom({ group: g, context: CONTEXT, from });
      await waitFor(() => late.every((e) => counts.get(e.id) === 2), 'the replayed events');
      for (const e of early) expect(counts.get(e.id)).toBe(1);
    });
  });
}
