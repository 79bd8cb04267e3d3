import type { EventEnvelope } from '@salon/contracts';
import type { Logger } from 'pino';
import type { DataSource } from 'typeorm';
import { backoffMs, errorMessage, sleep } from './delivery.js';
import type { EventTransport } from './event-transport.js';
import { outboxLag, watchOutbox } from '../telemetry/metrics.js';
import { contextFrom, SpanKind, tracingEnabled, withSpan } from '../telemetry/tracing.js';

// One relay per database publishes at a time: with two relays, SKIP LOCKED would let the second
// take a later event of an aggregate while the first is still sending an earlier one.
const RELAY_LOCK = 0x5a10_0e71;

/**
 * Publishes committed outbox rows in seq order and stamps them in the same transaction. A crash
 * between the broker's ack and the commit republishes the batch (at-least-once; inboxes dedupe).
 * If the broker is down the rows stay, with attempts and last_error, and go out when it is back.
 */
export class OutboxRelay {
  private readonly intervalMs: number;
  private readonly batchSize: number;
  private running: Promise<void> | null = null;
  private readonly abort = new AbortController();
  private failures = 0;

  constructor(
    private readonly dataSource: DataSource,
    private readonly transport: EventTransport,
    private readonly logger: Logger,
    options: { intervalMs?: number; batchSize?: number } = {},
  ) {
    this.intervalMs = options.intervalMs ?? 200;
    this.batchSize = options.batchSize ?? 200;
  }

  private unwatch: (() => void) | null = null;

  start(): void {
    if (this.running) return;
    this.unwatch = watchOutbox(this.dataSource);
    this.running = this.loop();
  }

  async stop(): Promise<void> {
    this.unwatch?.();
    this.unwatch = null;
    this.abort.abort();
    await this.running;
    this.running = null;
  }

  private async loop(): Promise<void> {
    while (!this.abort.signal.aborted) {
      let published = 0;
      try {
        published = await this.publishPending();
      } catch (error) {
        this.logger.error({ err: error }, 'outbox relay pass failed');
        this.failures++;
      }
      if (this.abort.signal.aborted) break;
      const wait = this.failures > 0 ? backoffMs(this.failures, this.intervalMs, 30_000) : published > 0 ? 0 : this.intervalMs;
      if (wait > 0) await sleep(wait, this.abort.signal);
    }
  }

  /** Publishes until the outbox is empty or the broker fails; returns how many went out. */
  async publishPending(): Promise<number> {
    let total = 0;
    for (;;) {
      const result = await this.publishBatch();
      if (result === 'locked') return total;
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
