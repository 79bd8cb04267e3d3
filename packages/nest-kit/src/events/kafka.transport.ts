import { randomBytes } from 'node:crypto';
import { contextOf, type EventEnvelope } from '@salon/contracts';
import kafkajs from 'kafkajs';
import type { Admin, Consumer, IHeaders, Kafka as KafkaClient, Producer } from 'kafkajs';
import { deliver, describeRaw, errorMessage, sleep, type Outcome } from './delivery.js';
import type { DeadLetter, EventTransport, SubscribeOptions, Subscription } from './event-transport.js';

const { Kafka, Partitioners, logLevel } = kafkajs;

export interface KafkaTransportOptions {
  brokers: string[];
  clientId: string;
  /** Topic namespace: topics are `${topicPrefix}events.<context>` and `…events.<context>.dlq`. */
  topicPrefix?: string;
  /** Partitions for topics this transport creates (existing topics keep theirs). */
  partitions?: number;
  retryBaseMs?: number;
  retryMaxMs?: number;
  /**
   * Create missing topics through the admin API (default true). False where topics are provisioned
   * outside the service (Strimzi KafkaTopic resources, a cluster without CreateTopics rights,
   * librdkafka's mock cluster, which has no CreateTopics): the transport then only checks they exist.
   */
  createTopics?: boolean;
  /**
   * Idempotent producer (default false). Order per key does not depend on it (one request in
   * flight, acks from every in-sync replica); it only removes the duplicates a retried send can
   * leave, which the consumers' inbox removes anyway. Brokers without InitProducerId support
   * (librdkafka's mock cluster) refuse it.
   */
  idempotent?: boolean;
  /**
   * Consumer group session timeout (default 30 s, kafkajs' default): how long a member that stopped
   * heart-beating keeps its partitions. librdkafka's mock cluster also waits about this long before
   * it completes a rebalance, so its tests use a short one.
   */
  sessionTimeoutMs?: number;
  /**
   * How long a fetch waits on the broker for new records (default 1 s; kafkajs' own is 5 s). A
   * stopping consumer waits for its fetch to come back, so this bounds how long a stop takes.
   */
  fetchMaxWaitMs?: number;
}

/**
 * What a consumer group stores beside a committed offset while that offset's delivery is under
 * way: how many deliveries of it began. It lives with the group's offsets in Kafka, so a delivery
 * cut short by a crash is still counted by whichever member reads the partition next.
 */
interface StartMark {
  offset: string;
  starts: number;
}

interface DlqReader {
  topics: Set<string>;
  consumer: Consumer;
  records: { topic: string; partition: number; offset: string; headers: IHeaders | undefined; value: string; timestamp: string }[];
  /** `topic/partition` → the offset after the last record read. */
  next: Map<string, bigint>;
}

function parseStartMark(metadata: string | null | undefined): StartMark | null {
  if (!metadata) return null;
  try {
    const value = JSON.parse(metadata) as Partial<StartMark>;
    return typeof value.offset === 'string' && typeof value.starts === 'number' ? { offset: value.offset, starts: value.starts } : null;
  } catch {
    return null;
  }
}

function header(headers: IHeaders | undefined, name: string): string | null {
  const value = headers?.[name];
  if (value === undefined || value === null) return null;
  const first = Array.isArray(value) ? value[0] : value;
  return first === undefined ? null : first.toString();
}

/**
 * Kafka through kafkajs: one topic per context keyed by aggregate id (Kafka keeps a key's order
 * within its partition), a producer with one request in flight and acks from every in-sync
 * replica (a retried send cannot reorder; it may duplicate, which the inbox absorbs), one
 * consumer group per service, offsets committed only after the handler succeeded.
 */
export class KafkaTransport implements EventTransport {
  private readonly kafka: KafkaClient;
  private readonly prefix: string;
  private producer: Promise<Producer> | null = null;
  private admin: Promise<Admin> | null = null;
  private readonly topicsReady = new Map<string, Promise<void>>();
  private readonly consumers = new Map<Consumer, { group: string; topics: string[] }>();
  private readonly subscriptions = new Set<Subscription>();

  constructor(private readonly options: KafkaTransportOptions) {
    this.prefix = options.topicPrefix ?? '';
    this.kafka = new Kafka({
      clientId: options.clientId,
      brokers: options.brokers,
      logLevel: logLevel.ERROR,
    });
  }

  topic(context: string) {
    return `${this.prefix}events.${context}`;
  }

  dlqTopic(context: string) {
    return `${this.topic(context)}.dlq`;
  }

  private groupTimings() {
    const sessionTimeout = this.options.sessionTimeoutMs ?? 30_000;
    return {
      sessionTimeout,
      heartbeatInterval: Math.max(100, Math.floor(sessionTimeout / 10)),
      maxWaitTimeInMs: this.options.fetchMaxWaitMs ?? 1_000,
    };
  }

  private contextOfTopic(topic: string): string {
    return topic.slice(`${this.prefix}events.`.length).replace(/\.dlq$/, '');
  }

  private getProducer(): Promise<Producer> {
    this.producer ??= (async () => {
      const producer = this.kafka.producer({
        idempotent: this.options.idempotent ?? false,
        maxInFlightRequests: 1,
        createPartitioner: Partitioners.DefaultPartitioner,
      });
      await producer.connect();
      return producer;
    })().catch((error) => {
      this.producer = null;
      throw error;
    });
    return this.producer;
  }

  private getAdmin(): Promise<Admin> {
    this.admin ??= (async () => {
      const admin = this.kafka.admin();
      await admin.connect();
      return admin;
    })().catch((error) => {
      this.admin = null;
      throw error;
    });
    return this.admin;
  }

  private ensureTopics(topics: string[]): Promise<void> {
    const missing = topics.filter((t) => !this.topicsReady.has(t));
    if (missing.length) {
      const ready = this.getAdmin().then(async (admin) => {
        if (this.options.createTopics === false) {
          await admin.fetchTopicMetadata({ topics: missing }).catch((error: unknown) => {
            throw new Error(`Kafka topics ${missing.join(', ')} must exist (KAFKA_CREATE_TOPICS=false): ${errorMessage(error)}`);
          });
          return;
        }
        await admin.createTopics({
          topics: missing.map((topic) => ({ topic, numPartitions: this.options.partitions ?? 4 })),
          waitForLeaders: true,
        });
      });
      for (const topic of missing)
        this.topicsReady.set(
          topic,
          ready.catch((error) => {
            this.topicsReady.delete(topic);
            throw error;
          }),
        );
    }
    return Promise.all(topics.map((t) => this.topicsReady.get(t) ?? Promise.resolve())).then(() => undefined);
  }

  async publish(envelopes: readonly EventEnvelope[]): Promise<void> {
    if (envelopes.length === 0) return;
    const byTopic = new Map<string, { key: string; value: string; headers: IHeaders }[]>();
    for (const envelope of envelopes) {
      const topic = this.topic(contextOf(envelope.type));
      const messages = byTopic.get(topic) ?? [];
      messages.push({
        key: envelope.aggregateId,
        value: JSON.stringify(envelope),
        headers: {
          'event-type': envelope.type,
          'event-id': envelope.id,
          ...(envelope.traceparent ? { traceparent: envelope.traceparent } : {}),
        },
      });
      byTopic.set(topic, messages);
    }
    await this.ensureTopics([...byTopic.keys()]);
    const producer = await this.getProducer();
    // acks -1: resolved only once every in-sync replica has the batch (what the relay waits for).
    await producer.sendBatch({ acks: -1, topicMessages: [...byTopic].map(([topic, messages]) => ({ topic, messages })) });
  }

  async subscribe(options: SubscribeOptions): Promise<Subscription> {
    const topics = options.contexts.map((c) => this.topic(c));
    await this.ensureTopics([...topics, ...options.contexts.map((c) => this.dlqTopic(c))]);
    const producer = await this.getProducer();
    const admin = await this.getAdmin();
    const maxAttempts = options.maxAttempts ?? 5;
    const abort = new AbortController();
    let stopping = false;
    let inFlight: Promise<unknown> = Promise.resolve();
    // Per partition, the start mark as this member last saw or wrote it; read from the group's
    // committed offsets after every (re)join, since another member may have written it meanwhile.
    const marks = new Map<string, StartMark | null>();
    let consumer: Consumer;
    const markOf = async (topic: string, partition: number): Promise<StartMark | null> => {
      const key = `${topic}/${partition}`;
      if (!marks.has(key)) {
        const [committed] = await admin.fetchOffsets({ groupId: options.group, topics: [topic] });
        for (const p of committed?.partitions ?? []) marks.set(`${topic}/${p.partition}`, parseStartMark(p.metadata));
      }
      return marks.get(key) ?? null;
    };
    const commit = async (topic: string, partition: number, offset: string, mark: StartMark | null) => {
      await consumer.commitOffsets([{ topic, partition, offset, ...(mark ? { metadata: JSON.stringify(mark) } : {}) }]);
      marks.set(`${topic}/${partition}`, mark);
    };
    let restarts = 0;
    let restartTimer: NodeJS.Timeout | undefined;
    const restartLater = () => {
      const pauseMs = Math.min(30_000, 1_000 * 2 ** restarts++);
      restartTimer = setTimeout(() => {
        if (stopping) return;
        start().catch(() => {
          void consumer.disconnect().catch(() => undefined);
          if (!stopping) restartLater();
        });
      }, pauseMs);
    };
    const start = async (): Promise<void> => {
      consumer = this.kafka.consumer({ groupId: options.group, ...this.groupTimings() });
      consumer.on(consumer.events.GROUP_JOIN, () => {
        marks.clear();
        restarts = 0;
      });
      // kafkajs restarts a consumer only after a retriable crash; after a non-retriable one (e.g.
      // "The group is rebalancing" answered as a protocol error during a rejoin) the member would
      // stay dead until the pod restarts. A new consumer joins again after a growing pause.
      consumer.on(consumer.events.CRASH, ({ payload }) => {
        if (payload.restart || stopping) return;
        this.consumers.delete(consumer);
        restartLater();
      });
      await consumer.connect();
      await consumer.subscribe({ topics, fromBeginning: true });
      await run(consumer);
      this.consumers.set(consumer, { group: options.group, topics });
    };
    const run = (member: Consumer) =>
      member.run({
        autoCommit: false,
        partitionsConsumedConcurrently: 4,
        eachMessage: async ({ topic, partition, message }) => {
          // Once stopping, nothing more is handled or committed: the group's next member resumes here.
          if (stopping) return;
          const work = (async () => {
            const raw = message.value?.toString() ?? '';
            const previous = await markOf(topic, partition);
            const interrupted = previous?.offset === message.offset ? previous.starts : 0;
            let outcome: Outcome;
            if (interrupted >= maxAttempts) {
              // An event whose handling kept killing the process would otherwise crash every restart forever.
              outcome = {
                kind: 'dead',
                error: `delivery was interrupted ${interrupted} times (the consumer crashed or stopped while handling it)`,
                attempts: interrupted,
                envelope: null,
              };
            } else {
              // Committing the same offset again moves nothing; it records that this delivery began.
              await commit(topic, partition, message.offset, { offset: message.offset, starts: interrupted + 1 });
              outcome = await deliver(raw, options.handle, {
                maxAttempts,
                retryBaseMs: this.options.retryBaseMs ?? 100,
                retryMaxMs: this.options.retryMaxMs ?? 5_000,
                abort: abort.signal,
              });
            }
            if (outcome.kind === 'abandoned') return;
            if (outcome.kind === 'dead') {
              await producer.send({
                topic: `${topic}.dlq`,
                acks: -1,
                messages: [
                  {
                    key: message.key,
                    value: raw,
                    headers: {
                      error: outcome.error,
                      group: options.group,
                      attempts: String(outcome.attempts),
                      'source-topic': topic,
                      'source-partition': String(partition),
                      'source-offset': message.offset,
                      'dead-at': new Date().toISOString(),
                    },
                  },
                ],
              });
            }
            await commit(topic, partition, (BigInt(message.offset) + 1n).toString(), null);
          })();
          inFlight = Promise.all([inFlight, work.catch(() => undefined)]);
          await work;
        },
      });
    await start();
    const subscription: Subscription = {
      stop: async () => {
        if (stopping) return;
        stopping = true;
        clearTimeout(restartTimer);
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([inFlight, new Promise((resolve) => (timer = setTimeout(resolve, options.stopTimeoutMs ?? 10_000)))]);
        clearTimeout(timer);
        abort.abort();
        this.consumers.delete(consumer);
        this.subscriptions.delete(subscription);
        await consumer.disconnect();
      },
    };
    this.subscriptions.add(subscription);
    return subscription;
  }

  /**
   * A consumer that reads the dead-letter topics from their beginning and keeps what it read, so
   * a listing waits only for what arrived since the last one. Its group is its own and commits
   * nothing (kafkajs cannot fetch without a group); a listing that names a topic it does not read
   * yet starts a new one over the union of topics.
   */
  private dlqReader: Promise<DlqReader> | null = null;

  private async readerFor(topics: string[]): Promise<DlqReader> {
    const current = await this.dlqReader?.catch(() => null);
    if (current && topics.every((t) => current.topics.has(t))) return current;
    const all = new Set([...(current?.topics ?? []), ...topics]);
    if (current) await current.consumer.disconnect().catch(() => undefined);
    this.dlqReader = (async () => {
      const consumer = this.kafka.consumer({
        groupId: `${this.options.clientId}-dlq-reader-${randomBytes(4).toString('hex')}`,
        ...this.groupTimings(),
      });
      const reader: DlqReader = { topics: all, consumer, records: [], next: new Map() };
      await consumer.connect();
      await consumer.subscribe({ topics: [...all], fromBeginning: true });
      await consumer.run({
        autoCommit: false,
        eachMessage: async ({ topic, partition, message }) => {
          reader.records.push({
            topic,
            partition,
            offset: message.offset,
            headers: message.headers,
            value: message.value?.toString() ?? '',
            timestamp: message.timestamp,
          });
          reader.next.set(`${topic}/${partition}`, BigInt(message.offset) + 1n);
        },
      });
      return reader;
    })();
    this.dlqReader.catch(() => (this.dlqReader = null));
    return this.dlqReader;
  }

  private async readDeadLetterTopics(context?: string): Promise<DeadLetter[]> {
    const admin = await this.getAdmin();
    const topics = context
      ? [this.dlqTopic(context)]
      : (await admin.listTopics()).filter((t) => t.startsWith(`${this.prefix}events.`) && t.endsWith('.dlq')).sort();
    // The end of every non-empty partition as of now: the listing covers everything up to there.
    const ends = new Map<string, bigint>();
    for (const topic of topics) {
      for (const o of await admin.fetchTopicOffsets(topic).catch(() => [])) {
        if (BigInt(o.high) > BigInt(o.low)) ends.set(`${topic}/${o.partition}`, BigInt(o.high));
      }
    }
    if (ends.size === 0) return [];
    const reader = await this.readerFor([...new Set([...ends.keys()].map((k) => k.slice(0, k.lastIndexOf('/'))))]);
    const deadline = Date.now() + 30_000;
    while ([...ends].some(([key, end]) => (reader.next.get(key) ?? 0n) < end)) {
      if (Date.now() > deadline) throw new Error(`Timed out reading the dead letters of ${topics.join(', ')}`);
      await sleep(10);
    }
    const letters: DeadLetter[] = [];
    const replayed = new Set<string>();
    const wanted = new Set(topics);
    for (const record of reader.records) {
      if (!wanted.has(record.topic)) continue;
      const id = `${record.topic}/${record.partition}/${record.offset}`;
      const replayOf = header(record.headers, 'replayed-of');
      if (replayOf) {
        replayed.add(replayOf);
        continue;
      }
      const source = header(record.headers, 'source-topic') ?? '';
      letters.push({
        id,
        context: this.contextOfTopic(record.topic),
        ...describeRaw(record.value),
        group: header(record.headers, 'group') ?? '',
        error: header(record.headers, 'error') ?? '',
        attempts: Number(header(record.headers, 'attempts') ?? 0),
        source: `${source}/${header(record.headers, 'source-partition') ?? ''}`,
        position: header(record.headers, 'source-offset') ?? '',
        deadAt: header(record.headers, 'dead-at') ?? new Date(Number(record.timestamp)).toISOString(),
        raw: record.value,
      });
    }
    return letters.filter((l) => !replayed.has(l.id));
  }

  deadLetters(context?: string): Promise<DeadLetter[]> {
    return this.readDeadLetterTopics(context);
  }

  async replayDeadLetter(id: string): Promise<void> {
    const match = /^(.+)\/(\d+)\/(\d+)$/.exec(id);
    if (!match) throw new Error(`"${id}" is not a Kafka dead-letter id (<topic>/<partition>/<offset>)`);
    const letter = (await this.readDeadLetterTopics(this.contextOfTopic(match[1]))).find((l) => l.id === id);
    if (!letter) throw new Error(`No dead letter ${id}`);
    const producer = await this.getProducer();
    const target = letter.source.split('/')[0] || this.topic(letter.context);
    await producer.send({
      topic: target,
      acks: -1,
      messages: [{ key: letter.aggregateId, value: letter.raw, headers: { 'replayed-from': id } }],
    });
    // Kafka cannot delete one record: a marker hides the replayed dead letter from the listing.
    await producer.send({
      topic: match[1],
      acks: -1,
      messages: [{ key: letter.aggregateId, value: null, headers: { 'replayed-of': id } }],
    });
  }

  async replayFrom(options: { group: string; context: string; from: string }): Promise<void> {
    const topic = this.topic(options.context);
    const admin = await this.getAdmin();
    const highs = new Map((await admin.fetchTopicOffsets(topic)).map((o) => [o.partition, o.high]));
    let partitions: { partition: number; offset: string }[];
    if (/^\d+$/.test(options.from)) {
      partitions = [...highs.keys()].map((partition) => ({ partition, offset: options.from }));
    } else if (/^\d+:\d+(,\d+:\d+)*$/.test(options.from)) {
      partitions = options.from.split(',').map((pair) => {
        const [partition, offset] = pair.split(':');
        return { partition: Number(partition), offset };
      });
    } else {
      const time = Date.parse(options.from);
      if (Number.isNaN(time)) throw new Error(`"${options.from}" is neither an ISO time nor <partition>:<offset>[,…]`);
      // -1 means no record at or after that time: start at the end of that partition.
      partitions = (await admin.fetchTopicOffsetsByTimestamp(topic, time)).map(({ partition, offset }) => ({
        partition,
        offset: offset === '-1' ? (highs.get(partition) ?? '0') : offset,
      }));
    }
    const running = [...this.consumers].filter(([, c]) => c.group === options.group && c.topics.includes(topic));
    if (running.length) {
      // A live member seeks itself; setOffsets is refused while the group has members.
      for (const [consumer] of running) for (const p of partitions) consumer.seek({ topic, partition: p.partition, offset: p.offset });
      return;
    }
    await admin.setOffsets({ groupId: options.group, topic, partitions });
  }

  async close(): Promise<void> {
    await Promise.all([...this.subscriptions].map((s) => s.stop()));
    const producer = this.producer;
    const admin = this.admin;
    const reader = this.dlqReader;
    this.producer = null;
    this.admin = null;
    this.dlqReader = null;
    await Promise.all([
      reader?.then((r) => r.consumer.disconnect()).catch(() => undefined),
      producer?.then((p) => p.disconnect()).catch(() => undefined),
      admin?.then((a) => a.disconnect()).catch(() => undefined),
    ]);
  }
}
