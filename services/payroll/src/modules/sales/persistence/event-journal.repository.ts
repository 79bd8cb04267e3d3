import { Injectable } from '@nestjs/common';
import type { EventEnvelope } from '@salon/contracts';
import type { EntityManager } from 'typeorm';

/**
 * Every event payroll's projections consumed, as it arrived: the projections are rebuilt from it
 * alone. Keyed by the event id, so a duplicate delivery is journaled once.
 */
@Injectable()
export class EventJournalRepository {
  /** False when the event was already journaled. */
  async append(m: EntityManager, e: EventEnvelope): Promise<boolean> {
    const rows: unknown[] = await m.query(
      `INSERT INTO event_journal (event_id, type, occurred_at, envelope) VALUES ($1, $2, $3, $4) ON CONFLICT (event_id) DO NOTHING RETURNING seq`,
      [e.id, e.type, e.occurredAt, JSON.stringify(e)],
    );
    return rows.length > 0;
  }

  /** Journaled events after `afterSeq`, in the order they arrived. */
  async page(m: EntityManager, afterSeq: string, limit: number): Promise<{ seq: string; envelope: EventEnvelope }[]> {
    return m.query(`SELECT seq::text AS seq, envelope FROM event_journal WHERE seq > $1 ORDER BY seq LIMIT $2`, [afterSeq, limit]);
  }
}
