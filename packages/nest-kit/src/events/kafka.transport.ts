import { randomBytes } from 'node:crypto';
import { contextOf, type EventEnvelope } from '@salon/contracts';
import kafkajs from 'kafkajs';
import type { Admin, Consumer, IHeaders, Kafka as KafkaClient, Producer } from 'kafkajs';
import { deliver, describeRaw } from './delivery.js';
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
}

function header(headers: IHeaders | undefined, name: string): string | null {
  const value = headers?.[name];
  if (value === undefined || value === null) return null;
  const first = Array.isArray(value) ? value[0] : value;
  return first === undefined ? null : first.toString();
}

/**
 * Kafka through kafkajs: one topic per context keyed by aggregate id (Kafka keeps a key's order
 * within its partition), an idempotent producer (a retried send cannot duplicate or reorder),
 * one consumer group per service, offsets committed only after the handler succeeded.
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
    this.kafka = new Kafka({ clientId: options.clientId, brokers: options.brokers, logLevel: logLevel.ERROR });
  }

  topic(context: string) {
    return `${this.prefix}events.${context}`;
  }

  dlqTopic(context: string) {
    return `${this.topic(context)}.dlq`;
  }

  private contextOfTopic(topic: string): string {
    return topic.slice(`${this.prefix}events.`.length).replace(/\.dlq$/, '');
  }

  private getProducer(): Promise<Producer> {
    this.producer ??= (async () => {
      const producer = this.kafka.producer({
        idempotent: true,
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
      const ready = this.getAdmin().then((admin) =>
        admin
          .createTopics({ topics: missing.map((topic) => ({ topic, numPartitions: this.options.partitions ?? 4 })), waitForLeaders: true })
          .then(() => undefined),
      );
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
        headers: { 'event-type': envelope.type, 'event-id': envelope.id },
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
    const consumer = this.kafka.consumer({ groupId: options.group });
    const abort = new AbortController();
    let stopping = false;
    let inFlight: Promise<unknown> = Promise.resolve();
    await consumer.connect();
    await consumer.subscribe({ topics, fromBeginning: true });
    await consumer.run({
      autoCommit: false,
      partitionsConsumedConcurrently: 4,
      eachMessage: async ({ topic, partition, message }) => {
        // Once stopping, nothing more is handled or committed: the group's next member resumes here.
        if (stopping) return;
        const work = (async () => {
          const raw = message.value?.toString() ?? '';
          const outcome = await deliver(raw, options.handle, {
            maxAttempts: options.maxAttempts ?? 5,
            retryBaseMs: this.options.retryBaseMs ?? 100,
            retryMaxMs: this.options.retryMaxMs ?? 5_000,
            abort: abort.signal,
          });
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
          await consumer.commitOffsets([{ topic, partition, offset: (BigInt(message.offset) + 1n).toString() }]);
        })();
        inFlight = Promise.all([inFlight, work.catch(() => undefined)]);
        await work;
      },
    });
    this.consumers.set(consumer, { group: options.group, topics });
    const subscription: Subscription = {
      stop: async () => {
        if (stopping) return;
        stopping = true;
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

  /** Reads whole dead-letter topics with a throwaway group (Kafka cannot fetch by offset without one). */
  private async readDeadLetterTopics(context?: string): Promise<DeadLetter[]> {
    const admin = await this.getAdmin();
    const topics = context
      ? [this.dlqTopic(context)]
      : (await admin.listTopics()).filter((t) => t.startsWith(`${this.prefix}events.`) && t.endsWith('.dlq')).sort();
    const letters: DeadLetter[] = [];
    const replayed = new Set<string>();
    for (const topic of topics) {
      const offsets = await admin.fetchTopicOffsets(topic).catch(() => []);
      const remaining = new Map(offsets.filter((o) => BigInt(o.high) > BigInt(o.low)).map((o) => [o.partition, BigInt(o.high) - 1n]));
      if (remaining.size === 0) continue;
      const groupId = `${this.options.clientId}-dlq-reader-${randomBytes(4).toString('hex')}`;
      const consumer = this.kafka.consumer({ groupId });
      await consumer.connect();
      try {
        await consumer.subscribe({ topics: [topic], fromBeginning: true });
        await new Promise<void>((resolve, reject) => {
          const timer = setTimeout(() => reject(new Error(`Timed out reading ${topic}`)), 30_000);
          consumer
            .run({
              autoCommit: false,
              eachMessage: async ({ partition, message }) => {
                const id = `${topic}/${partition}/${message.offset}`;
                const replayOf = header(message.headers, 'replayed-of');
                if (replayOf) replayed.add(replayOf);
                else {
                  const raw = message.value?.toString() ?? '';
                  const source = header(message.headers, 'source-topic') ?? '';
                  letters.push({
                    id,
                    context: this.contextOfTopic(topic),
                    ...describeRaw(raw),
                    group: header(message.headers, 'group') ?? '',
                    error: header(message.headers, 'error') ?? '',
                    attempts: Number(header(message.headers, 'attempts') ?? 0),
                    source: `${source}/${header(message.headers, 'source-partition') ?? ''}`,
                    position: header(message.headers, 'source-offset') ?? '',
                    deadAt: header(message.headers, 'dead-at') ?? new Date(Number(message.timestamp)).toISOString(),
                    raw,
                  });
                }
                if (BigInt(message.offset) >= (remaining.get(partition) ?? -1n)) remaining.delete(partition);
                if (remaining.size === 0) {
                  clearTimeout(timer);
                  resolve();
                }
              },
            })
            .catch(reject);
        });
      } finally {
        await consumer.disconnect();
        await admin.deleteGroups([groupId]).catch(() => undefined);
      }
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
    this.producer = null;
    this.admin = null;
    await Promise.all([
      producer?.then((p) => p.disconnect()).catch(() => undefined),
      admin?.then((a) => a.disconnect()).catch(() => undefined),
    ]);
  }
}
