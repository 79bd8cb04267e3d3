import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { contextOf, parseEvent, type EventEnvelope } from '@salon/contracts';
import { Redis } from 'ioredis';
import { deliver, describeRaw, errorMessage, sleep, type Outcome } from './delivery.js';
import type { DeadLetter, EventTransport, SubscribeOptions, Subscription } from './event-transport.js';

export interface RedisStreamsOptions {
  url: string;
  /** Key prefix (REDIS_KEY_PREFIX); streams are `${prefix}events:<context>:p<n>`. */
  prefix: string;
  /** Partitions per context: the most consumer instances of one group that can work in parallel. */
  partitions?: number;
  /** A partition lease lives this long without renewal, so a crashed instance's partitions move on. */
  leaseMs?: number;
  blockMs?: number;
  batchSize?: number;
  retryBaseMs?: number;
  retryMaxMs?: number;
  /** Approximate cap per partition stream; history within it can be replayed. */
  maxLen?: number;
}

// One consumer name for every instance: the partition lease guarantees one reader per
// (group, partition), and a new lease holder finds the previous holder's unacknowledged entries
// in this consumer's pending list (redelivery after a crash, without XCLAIM bookkeeping).
const CONSUMER = 'lease-holder';
const MAX_SEQ = '18446744073709551615';
/** How long an entry's count of begun deliveries is kept (an entry is handled or dead-lettered long before). */
const STARTS_TTL_MS = 7 * 86_400_000;

const RENEW = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) else return 0 end`;
const RELEASE = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end`;

/** FNV-1a: stable across processes and languages, unlike anything seeded. */
export function partitionOf(aggregateId: string, partitions: number): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < aggregateId.length; i++) {
    hash ^= aggregateId.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) % partitions;
}

/** The last-delivered id that makes a group read again from `from` (inclusive). */
export function streamIdBefore(from: string): string {
  let ms: number;
  let seq = 0n;
  const position = /^(\d+)(?:-(\d+))?$/.exec(from);
  if (position) {
    ms = Number(position[1]);
    seq = BigInt(position[2] ?? '0');
  } else {
    ms = Date.parse(from);
    if (Number.isNaN(ms)) throw new Error(`"${from}" is neither an ISO time nor a stream id`);
  }
  if (seq > 0n) return `${ms}-${seq - 1n}`;
  return ms > 0 ? `${ms - 1}-${MAX_SEQ}` : '0';
}

type StreamEntry = [id: string, fields: string[] | null];

function fieldsOf(list: string[] | null): Record<string, string> {
  const out: Record<string, string> = {};
  for (let i = 0; list && i + 1 < list.length; i += 2) out[list[i]] = list[i + 1];
  return out;
}

function isBusyGroup(error: unknown) {
  return errorMessage(error).startsWith('BUSYGROUP');
}

export class RedisStreamsTransport implements EventTransport {
  readonly partitions: number;
  private readonly redis: Redis;
  private readonly subscriptions = new Set<RedisStreamsSubscription>();

  constructor(readonly options: RedisStreamsOptions) {
    this.partitions = options.partitions ?? 4;
    this.redis = new Redis(options.url, { maxRetriesPerRequest: 2, lazyConnect: false });
    // Errors surface on the commands that fail; without a listener ioredis would log each retry.
    this.redis.on('error', () => undefined);
  }

  streamKey(context: string, partition: number) {
    return `${this.options.prefix}events:${context}:p${partition}`;
  }

  deadKey(context: string) {
    return `${this.options.prefix}events:${context}:dead`;
  }

  contextOfKey(key: string): string {
    return key.slice(`${this.options.prefix}events:`.length).replace(/:(p\d+|dead)$/, '');
  }

  async publish(envelopes: readonly EventEnvelope[]): Promise<void> {
    if (envelopes.length === 0) return;
    // MULTI keeps the batch's order and makes it all-or-nothing: a failed batch is retried whole,
    // never with a later event of a key already out and an earlier one missing.
    const multi = this.redis.multi();
    for (const envelope of envelopes) {
      const context = contextOf(envelope.type);
      const key = this.streamKey(context, partitionOf(envelope.aggregateId, this.partitions));
      // The trace context as a field of its own too, for readers that do not parse the event.
      const trace = envelope.traceparent ? ['traceparent', envelope.traceparent] : [];
      multi.xadd(
        key,
        'MAXLEN',
        '~',
        String(this.options.maxLen ?? 1_000_000),
        '*',
        'type',
        envelope.type,
        ...trace,
        'event',
        JSON.stringify(envelope),
      );
    }
    const results = await multi.exec();
    const failed = results?.find(([error]) => error);
    if (!results || failed) throw new Error(`Redis did not accept the events: ${failed ? errorMessage(failed[0]) : 'transaction aborted'}`);
  }

  async subscribe(options: SubscribeOptions): Promise<Subscription> {
    const subscription = new RedisStreamsSubscription(this, this.redis, options, () => this.subscriptions.delete(subscription));
    await subscription.start();
    this.subscriptions.add(subscription);
    return subscription;
  }

  async ensureGroup(key: string, group: string, from = '0'): Promise<void> {
    try {
      // From '0': a service subscribing for the first time still sees what was published before.
      await this.redis.xgroup('CREATE', key, group, from, 'MKSTREAM');
    } catch (error) {
      if (!isBusyGroup(error)) throw error;
    }
  }

  async deadLetters(context?: string): Promise<DeadLetter[]> {
    const contexts = context ? [context] : await this.deadContexts();
    const letters: DeadLetter[] = [];
    for (const ctx of contexts) {
      const entries = (await this.redis.xrange(this.deadKey(ctx), '-', '+')) as StreamEntry[];
      for (const [id, list] of entries) letters.push(this.toDeadLetter(ctx, id, fieldsOf(list)));
    }
    return letters;
  }

  private async deadContexts(): Promise<string[]> {
    const pattern = `${this.options.prefix.replace(/[*?[\]\\]/g, '\\$&')}events:*:dead`;
    const contexts = new Set<string>();
    let cursor = '0';
    do {
      const [next, keys] = await this.redis.scan(cursor, 'MATCH', pattern, 'COUNT', 500);
      cursor = next;
      for (const key of keys) contexts.add(this.contextOfKey(key));
    } while (cursor !== '0');
    return [...contexts].sort();
  }

  private toDeadLetter(context: string, id: string, f: Record<string, string>): DeadLetter {
    return {
      id: `${context}/${id}`,
      context,
      ...describeRaw(f.event ?? ''),
      group: f.group ?? '',
      error: f.error ?? '',
      attempts: Number(f.attempts ?? 0),
      source: f.stream ?? '',
      position: f.streamId ?? '',
      deadAt: f.time ?? new Date(Number(id.split('-')[0])).toISOString(),
      raw: f.event ?? '',
    };
  }

  async replayDeadLetter(id: string): Promise<void> {
    const match = /^([^/]+)\/(\d+-\d+)$/.exec(id);
    if (!match) throw new Error(`"${id}" is not a Redis dead-letter id (<context>/<entry id>)`);
    const [, context, entryId] = match;
    const deadKey = this.deadKey(context);
    const [entry] = (await this.redis.xrange(deadKey, entryId, entryId)) as StreamEntry[];
    if (!entry) throw new Error(`No dead letter ${id}`);
    const f = fieldsOf(entry[1]);
    if (!f.stream || !f.event) throw new Error(`Dead letter ${id} does not say where it came from`);
    const results = await this.redis
      .multi()
      .xadd(f.stream, '*', 'type', describeRaw(f.event).type ?? '', 'event', f.event)
      .xdel(deadKey, entryId)
      .exec();
    const failed = results?.find(([error]) => error);
    if (!results || failed) throw new Error(`Replaying ${id} failed: ${failed ? errorMessage(failed[0]) : 'transaction aborted'}`);
    for (const subscription of this.subscriptions) subscription.wake();
  }

  async replayFrom(options: { group: string; context: string; from: string }): Promise<void> {
    const lastDelivered = streamIdBefore(options.from);
    for (let n = 0; n < this.partitions; n++) {
      const key = this.streamKey(options.context, n);
      await this.ensureGroup(key, options.group, lastDelivered);
      await this.redis.xgroup('SETID', key, options.group, lastDelivered);
    }
    for (const subscription of this.subscriptions) subscription.wake();
  }

  async close(): Promise<void> {
    await Promise.all([...this.subscriptions].map((s) => s.stop()));
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}

/**
 * One consumer instance of a group. It holds leases on a fair share of the partitions (renewed
 * on a timer, so a slow handler does not lose its partition), reads them with one blocking
 * XREADGROUP, and handles each partition's entries one after the other: that is what keeps one
 * aggregate's events in order even with several instances.
 */
class RedisStreamsSubscription implements Subscription {
  private readonly instance = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  private readonly reader: Redis;
  private readerId: number | null = null;
  private readonly keys: { key: string; context: string }[];
  private readonly owned = new Set<string>();
  /** Partitions just acquired: their pending entries (a previous holder's) are read first. */
  private readonly draining = new Map<string, string>();
  private readonly toRelease = new Set<string>();
  private readonly abort = new AbortController();
  private stopping = false;
  private loop: Promise<void> | null = null;
  private leaseTimer: NodeJS.Timeout | null = null;
  private leaseTick: Promise<void> = Promise.resolve();
  private readonly leaseMs: number;
  private readonly membersKey: string;

  constructor(
    private readonly transport: RedisStreamsTransport,
    private readonly redis: Redis,
    private readonly options: SubscribeOptions,
    private readonly onStopped: () => void,
  ) {
    this.keys = options.contexts.flatMap((context) =>
      Array.from({ length: transport.partitions }, (_, n) => ({ key: transport.streamKey(context, n), context })),
    );
    this.leaseMs = transport.options.leaseMs ?? 10_000;
    this.membersKey = `${transport.options.prefix}events:group:${options.group}:${options.contexts.slice().sort().join(',')}:members`;
    this.reader = redis.duplicate();
    this.reader.on('error', () => undefined);
    this.reader.on('ready', () => {
      this.reader.client('ID').then(
        (id) => (this.readerId = Number(id)),
        () => undefined,
      );
    });
  }

  async start(): Promise<void> {
    for (const { key } of this.keys) await this.transport.ensureGroup(key, this.options.group);
    await this.updateLeases();
    this.leaseTimer = setInterval(
      () => {
        this.leaseTick = this.leaseTick.then(() => this.updateLeases()).catch(() => undefined);
      },
      Math.max(50, Math.floor(this.leaseMs / 3)),
    );
    this.loop = this.run();
  }

  private leaseKey(key: string) {
    return `${key}:lease:${this.options.group}`;
  }

  private contextOf(key: string) {
    return this.keys.find((k) => k.key === key)!.context;
  }

  /** Renews what it holds, gives back more than its share, takes free partitions up to its share. */
  private async updateLeases(): Promise<void> {
    if (this.stopping) return;
    const now = Date.now();
    await this.redis
      .multi()
      .zadd(this.membersKey, now + this.leaseMs, this.instance)
      .zremrangebyscore(this.membersKey, '-inf', now)
      .pexpire(this.membersKey, this.leaseMs * 2)
      .exec();
    const members = Math.max(1, await this.redis.zcard(this.membersKey));
    const share = Math.ceil(this.keys.length / members);
    let changed = false;
    for (const key of [...this.owned]) {
      const renewed = await this.redis.eval(RENEW, 1, this.leaseKey(key), this.instance, this.leaseMs);
      if (renewed !== 1) {
        this.owned.delete(key);
        changed = true;
      }
    }
    for (const key of [...this.owned].slice(share)) {
      this.owned.delete(key);
      this.toRelease.add(key);
      changed = true;
    }
    if (this.owned.size < share) {
      const start = Math.floor(Math.random() * this.keys.length);
      for (let i = 0; i < this.keys.length && this.owned.size < share && !this.stopping; i++) {
        const { key } = this.keys[(start + i) % this.keys.length];
        if (this.owned.has(key) || this.toRelease.has(key)) continue;
        const taken = await this.redis.set(this.leaseKey(key), this.instance, 'PX', this.leaseMs, 'NX');
        if (taken === 'OK') {
          this.owned.add(key);
          this.draining.set(key, '0');
          changed = true;
        }
      }
    }
    if (changed) this.wake();
  }

  /** Cuts a blocking read short, so a new partition, a replay or a stop is seen at once. */
  wake(): void {
    if (this.readerId !== null) this.redis.client('UNBLOCK', this.readerId).catch(() => undefined);
  }

  private async releaseLeases(keys: Iterable<string>) {
    for (const key of keys) await this.redis.eval(RELEASE, 1, this.leaseKey(key), this.instance).catch(() => undefined);
  }

  private async run(): Promise<void> {
    const batch = String(this.transport.options.batchSize ?? 100);
    while (!this.stopping) {
      try {
        if (this.toRelease.size) {
          const keys = [...this.toRelease];
          await this.releaseLeases(keys);
          for (const key of keys) this.toRelease.delete(key);
        }
        const keys = [...this.owned];
        if (keys.length === 0) {
          await sleep(Math.min(200, this.leaseMs / 3), this.abort.signal);
          continue;
        }
        const drainKeys = keys.filter((key) => this.draining.has(key));
        const reply = (
          drainKeys.length
            ? await this.reader.call(
                'XREADGROUP',
                'GROUP',
                this.options.group,
                CONSUMER,
                'COUNT',
                batch,
                'STREAMS',
                ...drainKeys,
                ...drainKeys.map((k) => this.draining.get(k)!),
              )
            : await this.reader.call(
                'XREADGROUP',
                'GROUP',
                this.options.group,
                CONSUMER,
                'COUNT',
                batch,
                'BLOCK',
                String(this.transport.options.blockMs ?? 2000),
                'STREAMS',
                ...keys,
                ...keys.map(() => '>'),
              )
        ) as [string, StreamEntry[]][] | null;
        const byKey = new Map(reply ?? []);
        for (const key of drainKeys) {
          const entries = byKey.get(key) ?? [];
          if (entries.length === 0) this.draining.delete(key);
          else this.draining.set(key, entries[entries.length - 1][0]);
        }
        await Promise.all([...byKey].map(([key, entries]) => this.handleEntries(key, entries)));
      } catch (error) {
        if (this.stopping) break;
        // Redis restarting or a stream deleted under us: wait, make sure the groups exist, go on.
        await sleep(500, this.abort.signal);
        for (const { key } of this.keys) await this.transport.ensureGroup(key, this.options.group).catch(() => undefined);
        void error;
      }
    }
  }

  /**
   * How many deliveries of one entry to this group began. Retries inside one delivery do not
   * count; a delivery that never finished (the process crashed or stopped mid-handler) does, and
   * it survives restarts, unlike the in-process attempt count.
   */
  private startsKey(key: string, id: string) {
    return `${key}:starts:${this.options.group}:${id}`;
  }

  /**
   * The whole run through `handleBatch` when every entry is a valid event that never began a
   * delivery before: one round trip marks them begun, one handler call, one round trip acks them.
   * Returns the entries still to deliver one by one (all of them when the run was not taken or
   * failed), or null when a stop cut the handler off (nothing acknowledged).
   */
  private async handleRun(key: string, entries: StreamEntry[]): Promise<StreamEntry[] | null> {
    const handleBatch = this.options.handleBatch;
    if (!handleBatch || entries.length < 2) return entries;
    const envelopes: EventEnvelope[] = [];
    for (const [, list] of entries) {
      const raw = fieldsOf(list).event;
      if (raw === undefined) return entries;
      try {
        envelopes.push(parseEvent(JSON.parse(raw)));
      } catch {
        return entries;
      }
    }
    const starts = entries.map(([id]) => this.startsKey(key, id));
    const begin = this.redis.multi();
    for (const s of starts) begin.incr(s).pexpire(s, STARTS_TTL_MS);
    const begun = await begin.exec();
    const interruptedBefore = starts.some((_, i) => Number(begun?.[i * 2]?.[1] ?? 2) > 1);
    const forget = async () => {
      await this.redis.del(...starts);
    };
    // A run that was cut off before (a crash) is retried one event at a time: the bad one, if
    // any, collects its interruptions alone.
    if (interruptedBefore) {
      const undo = this.redis.multi();
      for (const s of starts) undo.decr(s);
      await undo.exec();
      return entries;
    }
    let onAbort = () => undefined as void;
    const aborted = new Promise<'aborted'>((resolve) => {
      onAbort = () => resolve('aborted');
      if (this.abort.signal.aborted) onAbort();
      this.abort.signal.addEventListener('abort', onAbort, { once: true });
    });
    try {
      const result = await Promise.race([handleBatch(envelopes).then(() => 'done' as const), aborted]);
      if (result === 'aborted') return null;
    } catch {
      await forget();
      return entries;
    } finally {
      this.abort.signal.removeEventListener('abort', onAbort);
    }
    await this.redis
      .multi()
      .xack(key, this.options.group, ...entries.map(([id]) => id))
      .del(...starts)
      .exec();
    return [];
  }

  private async handleEntries(key: string, all: StreamEntry[]): Promise<void> {
    if (this.stopping || !this.owned.has(key)) return;
    const entries = await this.handleRun(key, all);
    if (entries === null) return;
    const context = this.contextOf(key);
    const maxAttempts = this.options.maxAttempts ?? 5;
    for (const [id, list] of entries) {
      if (this.stopping || !this.owned.has(key)) return;
      const raw = fieldsOf(list).event;
      if (raw === undefined) {
        // Trimmed or deleted while pending: nothing left to deliver.
        await this.redis.xack(key, this.options.group, id);
        continue;
      }
      const starts = this.startsKey(key, id);
      const begun = await this.redis.multi().incr(starts).pexpire(starts, STARTS_TTL_MS).exec();
      const interrupted = Number(begun?.[0]?.[1] ?? 1) - 1;
      // An event whose handling kept killing the process would otherwise crash every restart forever.
      const outcome: Outcome =
        interrupted >= maxAttempts
          ? {
              kind: 'dead',
              error: `delivery was interrupted ${interrupted} times (the consumer crashed or stopped while handling it)`,
              attempts: interrupted,
              envelope: null,
            }
          : await deliver(raw, this.options.handle, {
              maxAttempts,
              retryBaseMs: this.transport.options.retryBaseMs ?? 100,
              retryMaxMs: this.transport.options.retryMaxMs ?? 5_000,
              abort: this.abort.signal,
            });
      if (outcome.kind === 'abandoned') return;
      if (outcome.kind === 'handled') {
        await this.redis.multi().xack(key, this.options.group, id).del(starts).exec();
        continue;
      }
      const results = await this.redis
        .multi()
        .xadd(
          this.transport.deadKey(context),
          '*',
          'event',
          raw,
          'group',
          this.options.group,
          'error',
          outcome.error,
          'attempts',
          String(outcome.attempts),
          'stream',
          key,
          'streamId',
          id,
          'time',
          new Date().toISOString(),
        )
        .xack(key, this.options.group, id)
        .del(starts)
        .exec();
      const failed = results?.find(([error]) => error);
      if (!results || failed) throw new Error(`Could not dead-letter ${id} of ${key}: ${failed ? errorMessage(failed[0]) : 'aborted'}`);
    }
  }

  async stop(): Promise<void> {
    if (this.stopping) return;
    this.stopping = true;
    if (this.leaseTimer) clearInterval(this.leaseTimer);
    this.wake();
    const grace = this.options.stopTimeoutMs ?? 10_000;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([this.loop, new Promise((resolve) => (timer = setTimeout(resolve, grace)))]);
    clearTimeout(timer);
    // A handler still running is abandoned unacknowledged: the next lease holder gets it again.
    this.abort.abort();
    await this.loop?.catch(() => undefined);
    await this.leaseTick;
    await this.releaseLeases([...this.owned, ...this.toRelease]);
    await this.redis.zrem(this.membersKey, this.instance).catch(() => undefined);
    this.reader.disconnect();
    this.onStopped();
  }
}
