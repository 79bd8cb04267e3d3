import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { testRedisPrefix } from '../testing/test-database.js';
import { deleteRedisKeys, sampleEvent, seqOf, waitFor } from './event-fixtures.js';
import { partitionOf, RedisStreamsTransport, streamIdBefore } from './redis-streams.transport.js';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const redis = new Redis(REDIS_URL);
const prefixes: string[] = [];
const prefixFor = (suite: string) => {
  const prefix = testRedisPrefix(suite);
  prefixes.push(prefix);
  return prefix;
};
afterAll(async () => {
  redis.disconnect();
  for (const prefix of prefixes) await deleteRedisKeys(REDIS_URL, prefix);
});

describe('redis streams helpers', () => {
  it('partitions by a stable hash of the aggregate id', () => {
    expect(partitionOf('user-1', 4)).toBe(partitionOf('user-1', 4));
    const spread = new Set(Array.from({ length: 50 }, (_, i) => partitionOf(`user-${i}`, 4)));
    expect(spread.size).toBe(4);
  });
  it('turns a time or a stream id into the last-delivered id just before it', () => {
    expect(streamIdBefore('1700000000000-5')).toBe('1700000000000-4');
    expect(streamIdBefore('1700000000000-0')).toBe('1699999999999-18446744073709551615');
    expect(streamIdBefore(new Date(1700000000000).toISOString())).toBe('1699999999999-18446744073709551615');
    expect(() => streamIdBefore('yesterday')).toThrow(/ISO time/);
  });
});

describe('redis streams partition leases', () => {
  it('shares the partitions of a group between its instances', async () => {
    const prefix = prefixFor('leases');
    const make = () => new RedisStreamsTransport({ url: REDIS_URL, prefix, leaseMs: 600, blockMs: 500 });
    const [a, b] = [make(), make()];
    const subs = [
      await a.subscribe({ group: 'svc', contexts: ['identity'], handle: async () => undefined }),
      await b.subscribe({ group: 'svc', contexts: ['identity'], handle: async () => undefined }),
    ];
    const holders = async () => new Set(await Promise.all([0, 1, 2, 3].map((n) => redis.get(`${prefix}events:identity:p${n}:lease:svc`))));
    await waitFor(
      async () => {
        const h = await holders();
        return h.size === 2 && !h.has(null);
      },
      'two instances holding two partitions each',
      5_000,
    );
    await Promise.all(subs.map((s) => s.stop()));
    await Promise.all([a.close(), b.close()]);
  });

  it('takes over the partition of a crashed instance once its lease expires, with its unacknowledged entries', async () => {
    const prefix = prefixFor('crash');
    const transport = new RedisStreamsTransport({ url: REDIS_URL, prefix, leaseMs: 600, blockMs: 500 });
    const events = [sampleEvent('k', 0), sampleEvent('k', 1)];
    const key = transport.streamKey('identity', partitionOf('k', transport.partitions));
    await transport.ensureGroup(key, 'svc');
    await transport.publish(events);
    // The "crashed" process: read both entries, acknowledged none, and its lease is still alive.
    await redis.xreadgroup('GROUP', 'svc', 'lease-holder', 'COUNT', 10, 'STREAMS', key, '>');
    await redis.set(`${key}:lease:svc`, 'dead-instance', 'PX', 400);
    const seen: number[] = [];
    const sub = await transport.subscribe({ group: 'svc', contexts: ['identity'], handle: async (e) => void seen.push(seqOf(e)) });
    await waitFor(() => seen.length === 2, 'redelivery after the lease expired', 5_000);
    expect(seen).toEqual([0, 1]);
    expect(await redis.xpending(key, 'svc')).toEqual([0, null, null, null]);
    await sub.stop();
    await transport.close();
  });
});

describe('redis streams runs (handleBatch)', () => {
  it('hands a partition its entries as one run, in order, and acknowledges them all', async () => {
    const prefix = prefixFor('runs');
    const transport = new RedisStreamsTransport({ url: REDIS_URL, prefix, blockMs: 500 });
    const key = transport.streamKey('identity', partitionOf('k', transport.partitions));
    await transport.ensureGroup(key, 'svc');
    await transport.publish(Array.from({ length: 20 }, (_, i) => sampleEvent('k', i)));
    const runs: number[][] = [];
    const one: number[] = [];
    const sub = await transport.subscribe({
      group: 'svc',
      contexts: ['identity'],
      handle: async (e) => void one.push(seqOf(e)),
      handleBatch: async (envelopes) => void runs.push(envelopes.map(seqOf)),
    });
    await waitFor(() => runs.flat().length + one.length === 20, 'every entry handled');
    expect([...runs.flat(), ...one].sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i));
    expect(runs.flat()).toEqual([...runs.flat()].sort((a, b) => a - b));
    expect(runs.length).toBeGreaterThan(0);
    await waitFor(async () => (await redis.xpending(key, 'svc'))[0] === 0, 'all acknowledged');
    expect(await redis.keys(`${key}:starts:*`)).toEqual([]);
    await sub.stop();
    await transport.close();
  });

  it('delivers a failed run again one event at a time, so only the bad event is dead-lettered', async () => {
    const prefix = prefixFor('run-fails');
    const transport = new RedisStreamsTransport({ url: REDIS_URL, prefix, blockMs: 500, retryBaseMs: 1, retryMaxMs: 2 });
    const key = transport.streamKey('identity', partitionOf('k', transport.partitions));
    await transport.ensureGroup(key, 'svc');
    await transport.publish(Array.from({ length: 6 }, (_, i) => sampleEvent('k', i)));
    const handled: number[] = [];
    const sub = await transport.subscribe({
      group: 'svc',
      contexts: ['identity'],
      maxAttempts: 2,
      handle: async (e) => {
        if (seqOf(e) === 3) throw new Error('bad event');
        handled.push(seqOf(e));
      },
      handleBatch: async (envelopes) => {
        if (envelopes.some((e) => seqOf(e) === 3)) throw new Error('bad event in the run');
        handled.push(...envelopes.map(seqOf));
      },
    });
    await waitFor(async () => (await transport.deadLetters('identity')).length === 1, 'the bad event dead-lettered');
    await waitFor(() => handled.length === 5, 'the others handled');
    expect(handled).toEqual([0, 1, 2, 4, 5]);
    const [dead] = await transport.deadLetters('identity');
    expect(dead).toMatchObject({ group: 'svc', error: 'bad event', attempts: 2 });
    await sub.stop();
    await transport.close();
  });

  it('delivers a run that was cut off before (a crash) one event at a time', async () => {
    const prefix = prefixFor('run-crash');
    const transport = new RedisStreamsTransport({ url: REDIS_URL, prefix, leaseMs: 600, blockMs: 500 });
    const events = [sampleEvent('k', 0), sampleEvent('k', 1), sampleEvent('k', 2)];
    const key = transport.streamKey('identity', partitionOf('k', transport.partitions));
    await transport.ensureGroup(key, 'svc');
    await transport.publish(events);
    // The crashed process had read the run and begun it (each entry's start counted), acknowledged none.
    const [[, entries]] = (await redis.xreadgroup('GROUP', 'svc', 'lease-holder', 'COUNT', 10, 'STREAMS', key, '>')) as [
      string,
      [string, string[]][],
    ][];
    for (const [id] of entries) await redis.set(`${key}:starts:svc:${id}`, '1');
    await redis.set(`${key}:lease:svc`, 'dead-instance', 'PX', 300);
    const single: number[] = [];
    const runs: number[][] = [];
    const sub = await transport.subscribe({
      group: 'svc',
      contexts: ['identity'],
      handle: async (e) => void single.push(seqOf(e)),
      handleBatch: async (envelopes) => void runs.push(envelopes.map(seqOf)),
    });
    await waitFor(() => single.length === 3, 'redelivery one by one');
    expect(single).toEqual([0, 1, 2]);
    expect(runs).toEqual([]);
    await sub.stop();
    await transport.close();
  });
});
