import type { EventEnvelope } from '@salon/contracts';
import type { Logger } from 'pino';
import type { DataSource } from 'typeorm';
import { backoffMs, errorMessage, sleep } from './delivery.js';
import type { EventTransport } from './event-transport.js';
import { OUTBOX_CHANNEL } from './event-tables.js';
import { outboxLag, watchOutbox } from '../telemetry/metrics.js';
import { contextFrom, SpanKind, tracingEnabled, withSpan } from '../telemetry/tracing.js';

// One relay per database publishes at a time: with two relays, SKIP LOCKED would let the second
// take a later event of an aggregate while the first is still sending an earlier one.
const RELAY_LOCK = 0x5a10_0e71;

/** The relay's own LISTEN connection (outside the pool), built from the DataSource's pg options. */
interface ListenClient {
  connect(): Promise<void>;
  query(sql: string): Promise<unknown>;
  end(): Promise<void>;
  on(event: 'notification', listener: () => void): unknown;
  on(event: 'error' | 'end', listener: (error?: Error) => void): unknown;
  removeAllListeners(): unknown;
}

/**
 * Publishes committed outbox rows in seq order and stamps them in the same transaction. A crash
 * between the broker's ack and the commit republishes the batch (at-least-once; inboxes dedupe).
 * If the broker is down the rows stay, with attempts and last_error, and go out when it is back.
 *
 * Woken on commit: OutboxWriter's INSERT calls pg_notify(OUTBOX_CHANNEL) and the relay LISTENs on
 * a connection of its own, so an event leaves within a round trip of its commit instead of after
 * the next poll. Polling stays as the safety net (every `safetyPollMs` while listening, every
 * `intervalMs` while the LISTEN connection is down): a lost notification only delays, never loses.
 */
export class OutboxRelay {
  private readonly intervalMs: number;
  private readonly safetyPollMs: number;
  private readonly batchSize: number;
  private readonly listen: boolean;
  private running: Promise<void> | null = null;
  private readonly abort = new AbortController();
  private failures = 0;
  private listener: ListenClient | null = null;
  private listening = false;
  private reconnectTimer: NodeJS.Timeout | null = null;
  /** A notification arrived since the current pass began: run another pass instead of sleeping. */
  private notified = false;
  private wake: (() => void) | null = null;

  constructor(
    private readonly dataSource: DataSource,
    private readonly transport: EventTransport,
    private readonly logger: Logger,
    options: { intervalMs?: number; batchSize?: number; listen?: boolean; safetyPollMs?: number } = {},
  ) {
    this.intervalMs = options.intervalMs ?? 200;
    this.batchSize = options.batchSize ?? 500;
    this.listen = options.listen ?? true;
    this.safetyPollMs = options.safetyPollMs ?? Math.max(2_000, this.intervalMs);
  }

  private unwatch: (() => void) | null = null;

  start(): void {
    if (this.running) return;
    this.unwatch = watchOutbox(this.dataSource);
    if (this.listen) void this.connectListener();
    this.running = this.loop();
  }

  async stop(): Promise<void> {
    this.unwatch?.();
    this.unwatch = null;
    this.abort.abort();
    this.wake?.();
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    await this.running;
    this.running = null;
    await this.closeListener();
  }

  /** True while the LISTEN connection is up (the relay is woken on commit). */
  get isListening(): boolean {
    return this.listening;
  }

  private async connectListener(): Promise<void> {
    if (this.abort.signal.aborted) return;
    const driver = this.dataSource.driver as unknown as {
      postgres?: { Client: new (options: unknown) => ListenClient };
      master?: { options: Record<string, unknown> };
    };
    if (!driver.postgres?.Client || !driver.master?.options) return;
    const client = new driver.postgres.Client({ ...driver.master.options, application_name: 'outbox-relay-listen' });
    this.listener = client;
    const lost = (error?: Error) => {
      if (this.listener !== client) return;
      this.listening = false;
      this.listener = null;
      client.removeAllListeners();
      client.end().catch(() => undefined);
      if (this.abort.signal.aborted) return;
      this.logger.warn({ err: error }, 'outbox relay: LISTEN connection lost; polling until it is back');
      this.reconnectTimer = setTimeout(() => void this.connectListener(), backoffMs(1, 1_000, 5_000));
    };
    client.on('error', lost);
    client.on('end', lost);
    client.on('notification', () => this.notify());
    try {
      await client.connect();
      await client.query(`LISTEN ${OUTBOX_CHANNEL}`);
      if (this.listener !== client) return;
      this.listening = true;
      // Anything committed while not listening is picked up by this pass.
      this.notify();
    } catch (error) {
      lost(error as Error);
    }
  }

  private async closeListener(): Promise<void> {
    const client = this.listener;
    this.listener = null;
    this.listening = false;
    if (!client) return;
    client.removeAllListeners();
    client.on('error', () => undefined);
    await client.end().catch(() => undefined);
  }

  private notify(): void {
    this.notified = true;
    this.wake?.();
  }

  /** Sleeps up to `ms`, cut short by a notification or a stop. */
  private async idle(ms: number): Promise<void> {
    if (this.notified || this.abort.signal.aborted) return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wake = done;
    });
    this.wake = null;
  }

  private async loop(): Promise<void> {
    while (!this.abort.signal.aborted) {
      let published = 0;
      let locked = false;
      this.notified = false;
      try {
        published = await this.publishPending();
        locked = this.lastPassLocked;
      } catch (error) {
        this.logger.error({ err: error }, 'outbox relay pass failed');
        this.failures++;
      }
      if (this.abort.signal.aborted) break;
      if (this.failures > 0) {
        // The broker or the database is failing: back off whatever the notifications say.
        await sleep(backoffMs(this.failures, this.intervalMs, 30_000), this.abort.signal);
        continue;
      }
      if (published > 0) continue;
      // Another instance holds the relay lock: it may have read the outbox just before our
      // notification's commit, so look again soon rather than at the next safety poll.
      if (locked) await this.idle(Math.min(this.intervalMs, 50));
      else await this.idle(this.listening ? this.safetyPollMs : this.intervalMs);
    }
  }

  private lastPassLocked = false;

  /** Publishes until the outbox is empty or the broker fails; returns how many went out. */
  async publishPending(): Promise<number> {
    let total = 0;
    this.lastPassLocked = false;
    for (;;) {
      const result = await this.publishBatch();
      if (result === 'locked') {
        this.lastPassLocked = true;
        return total;
      }
      if (result === 'failed') return total;
      total += result;
      this.failures = 0;
      if (result < this.batchSize) return total;
    }
  }

  private async publishBatch(): Promise<number | 'locked' | 'failed'> {
    const runner = this.dataSource.createQueryRunner();
    await runner.connect();
    try {
      await runner.startTransaction();
      const [{ locked }] = await runner.query(`SELECT pg_try_advisory_xact_lock($1) AS locked`, [RELAY_LOCK]);
      if (!locked) {
        await runner.rollbackTransaction();
        return 'locked';
      }
      const rows: { seq: string; envelope: EventEnvelope; created_at: Date }[] = await runner.query(
        `SELECT seq, envelope, created_at FROM outbox WHERE published_at IS NULL ORDER BY seq LIMIT $1 FOR UPDATE SKIP LOCKED`,
        [this.batchSize],
      );
      if (rows.length === 0) {
        await runner.commitTransaction();
        return 0;
      }
      const seqs = rows.map((r) => r.seq);
      try {
        await this.publish(rows);
      } catch (error) {
        this.failures++;
        this.logger.warn(
          { err: error, events: rows.length, attempt: this.failures },
          'event transport unavailable; outbox rows wait and are retried',
        );
        await runner.query(`UPDATE outbox SET attempts = attempts + 1, last_error = $2 WHERE seq = ANY($1::bigint[])`, [
          seqs,
          errorMessage(error).slice(0, 2000),
        ]);
        await runner.commitTransaction();
        return 'failed';
      }
      const now = Date.now();
      for (const r of rows) outboxLag.observe(Math.max(0, now - new Date(r.created_at).getTime()) / 1000);
      await runner.query(`UPDATE outbox SET published_at = now() WHERE seq = ANY($1::bigint[])`, [seqs]);
      await runner.commitTransaction();
      return rows.length;
    } catch (error) {
      if (runner.isTransactionActive) await runner.rollbackTransaction().catch(() => undefined);
      throw error;
    } finally {
      await runner.release();
    }
  }

  /**
   * With tracing on, the batch is sent under one PRODUCER span in the trace of its first row (each
   * envelope keeps its own traceparent, which the transports also send as a header).
   */
  private async publish(rows: { envelope: EventEnvelope }[]): Promise<void> {
    const envelopes = rows.map((r) => r.envelope);
    if (!tracingEnabled()) return this.transport.publish(envelopes);
    await withSpan(
      `outbox publish ${envelopes[0].type}`,
      {
        kind: SpanKind.PRODUCER,
        parent: contextFrom(envelopes[0].traceparent),
        attributes: { 'messaging.batch.message_count': envelopes.length },
      },
      () => this.transport.publish(envelopes),
    );
  }
}
