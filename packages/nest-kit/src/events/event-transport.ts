import type { EventEnvelope } from '@salon/contracts';

export interface SubscribeOptions {
  /** Consumer group: one per service, so each service sees every event once. */
  group: string;
  /** Bounded contexts to read (`contextOf(type)`), one stream/topic each. */
  contexts: string[];
  /** Resolve to acknowledge; throw to have the event retried, then dead-lettered. */
  handle: (envelope: EventEnvelope) => Promise<void>;
  /**
   * Optional: handles a run of consecutive events of one partition at once (one inbox transaction
   * for all of them), all or nothing. A partition's events stay in order; when it throws, or when
   * an event of the run was interrupted before, the run is delivered again one event at a time
   * through `handle` (with its retries and dead letters), so only a bad event is dead-lettered.
   */
  handleBatch?: (envelopes: EventEnvelope[]) => Promise<void>;
  /** Tries before an event is parked in the dead letters (default 5). */
  maxAttempts?: number;
  /** On stop, how long an in-flight handler may finish before it is abandoned unacknowledged (default 10 s). */
  stopTimeoutMs?: number;
}

export interface Subscription {
  stop(): Promise<void>;
}

export interface DeadLetter {
  /** Opaque id for `replayDeadLetter` (Redis: `<context>/<entry id>`; Kafka: `<topic>/<partition>/<offset>`). */
  id: string;
  context: string;
  eventId: string | null;
  type: string | null;
  aggregateType: string | null;
  aggregateId: string | null;
  /** The consumer group whose handler gave up. */
  group: string;
  error: string;
  attempts: number;
  /** Where the event came from (stream key or `topic/partition`), and its position there. */
  source: string;
  position: string;
  deadAt: string;
  /** The raw event as it was read (JSON text), kept even when it was not a valid envelope. */
  raw: string;
}

/** What services publish to and consume from; Kafka and Redis Streams implement it alike. */
export interface EventTransport {
  /** Keyed by aggregateId (per-key order is kept); resolves only when the broker accepted all of them. */
  publish(envelopes: readonly EventEnvelope[]): Promise<void>;
  subscribe(options: SubscribeOptions): Promise<Subscription>;
  deadLetters(context?: string): Promise<DeadLetter[]>;
  /** Republishes the dead letter to its original stream/topic and removes it from the dead letters. */
  replayDeadLetter(id: string): Promise<void>;
  /** Rewinds a group so it reads the context again from a time (ISO) or a transport position. */
  replayFrom(options: { group: string; context: string; from: string }): Promise<void>;
  close(): Promise<void>;
}
