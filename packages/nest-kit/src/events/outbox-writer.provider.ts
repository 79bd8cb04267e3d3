import { Injectable } from '@nestjs/common';
import { parseEvent, type EventEnvelope, type EventPayload, type EventType } from '@salon/contracts';
import type { EntityManager } from 'typeorm';
import { v7 as uuidv7 } from 'uuid';
import { currentTraceparent } from '../telemetry/tracing.js';
import { OUTBOX_CHANNEL } from './event-tables.js';

export interface DomainEventInput<T extends EventType> {
  type: T;
  aggregateType: string;
  /** The partition key: one aggregate's events are delivered in the order they were appended. */
  aggregateId: string;
  locationId?: string | null;
  actor?: EventEnvelope['actor'];
  traceparent?: string | null;
  /** When it happened, for a backfill of past facts (the demo seed's history); otherwise now. */
  occurredAt?: Date;
  /** A fact of the past (the demo seed's history): only projections receive it (envelope `history`). */
  history?: true;
  payload: EventPayload<T>;
}

/**
 * Appends events to the outbox through the caller's EntityManager, so they commit or roll back
 * with the state change (DESIGN §3). Append after the change it describes: the aggregate's row
 * lock then orders concurrent writers' events the way their changes were made.
 */
@Injectable()
export class OutboxWriter {
  async append<T extends EventType>(manager: EntityManager, event: DomainEventInput<T>): Promise<EventEnvelope> {
    const [envelope] = await this.appendAll(manager, [event]);
    return envelope;
  }

  /** Several events in one INSERT, in the given order. */
  async appendAll(manager: EntityManager, events: readonly DomainEventInput<EventType>[]): Promise<EventEnvelope[]> {
    if (events.length === 0) return [];
    const { envelopes, rows, values, notify } = this.prepare(events);
    // One statement keeps the seq values in array order. The notification is delivered when (and
    // only if) the transaction commits, and wakes the relay (OutboxRelay LISTENs on the channel).
    await manager.query(
      `WITH appended AS (INSERT INTO outbox (id, type, aggregate_type, aggregate_id, envelope) VALUES ${rows} RETURNING seq)
       SELECT ${notify} AS notified`,
      values,
    );
    return envelopes;
  }

  /**
   * The envelopes and the VALUES list (`rows`, placeholders from `$firstParam`) of the outbox
   * INSERT, for a writer that puts the append into a statement of its own (one round trip for a
   * whole change). That statement must also select `notify` (wakes the relay when it commits).
   */
  prepare(
    events: readonly DomainEventInput<EventType>[],
    firstParam = 1,
  ): { envelopes: EventEnvelope[]; rows: string; values: unknown[]; notify: string } {
    // The trace of the request or event that appends them travels with the row (DESIGN §3).
    const traceparent = currentTraceparent();
    const envelopes = events.map((event) =>
      parseEvent({
        id: uuidv7(),
        type: event.type,
        occurredAt: (event.occurredAt ?? new Date()).toISOString(),
        aggregateType: event.aggregateType,
        aggregateId: event.aggregateId,
        locationId: event.locationId ?? null,
        actor: event.actor ?? { type: 'system', id: null },
        traceparent: event.traceparent ?? traceparent,
        ...(event.history ? { history: true } : {}),
        payload: event.payload,
      }),
    );
    const values: unknown[] = [];
    const rows = envelopes.map((e, i) => {
      values.push(e.id, e.type, e.aggregateType, e.aggregateId, JSON.stringify(e));
      const n = firstParam - 1 + i * 5;
      return `($${n + 1}, $${n + 2}, $${n + 3}, $${n + 4}, $${n + 5}::jsonb)`;
    });
    return { envelopes, rows: rows.join(', '), values, notify: `pg_notify('${OUTBOX_CHANNEL}', '')` };
  }
}
