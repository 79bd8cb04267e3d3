import type { EventEnvelope } from '@salon/contracts';
import type { DataSource, EntityManager } from 'typeorm';

/**
 * Runs a consumer's effect in a transaction that first records (consumer, event id) in the inbox.
 * A redelivered or replayed event finds its row and is skipped; a failed effect rolls the row
 * back with it, so the retry runs again (DESIGN §3: at-least-once delivery, effectively once).
 */
export class InboxConsumer {
  constructor(private readonly dataSource: DataSource) {}

  /** Returns false when this consumer had already handled the event. */
  async run(consumer: string, envelope: EventEnvelope, effect: (manager: EntityManager) => Promise<void>): Promise<boolean> {
    return this.dataSource.transaction(async (manager) => {
      // A concurrent duplicate waits on the first one's row, then sees the conflict.
      const inserted: unknown[] = await manager.query(
        `INSERT INTO inbox (consumer, event_id, type) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING RETURNING event_id`,
        [consumer, envelope.id, envelope.type],
      );
      if (inserted.length === 0) return false;
      await effect(manager);
      return true;
    });
  }

  /**
   * Several (consumer, event) effects in ONE transaction, in the given order: the inbox rows of all
   * of them in one statement, then the effect of each that was not handled before. All or nothing:
   * a failing effect rolls back the whole run (the caller then delivers the events one by one).
   * Returns how many effects ran.
   */
  async runBatch(
    items: readonly { consumer: string; envelope: EventEnvelope; effect: (manager: EntityManager) => Promise<void> }[],
  ): Promise<number> {
    if (items.length === 0) return 0;
    return this.dataSource.transaction(async (manager) => {
      const inserted: { consumer: string; event_id: string }[] = await manager.query(
        `INSERT INTO inbox (consumer, event_id, type)
         SELECT * FROM unnest($1::text[], $2::uuid[], $3::text[])
         ON CONFLICT DO NOTHING RETURNING consumer, event_id`,
        [items.map((i) => i.consumer), items.map((i) => i.envelope.id), items.map((i) => i.envelope.type)],
      );
      const fresh = new Set(inserted.map((r) => `${r.consumer}\u0000${r.event_id}`));
      let ran = 0;
      for (const item of items) {
        if (!fresh.delete(`${item.consumer}\u0000${item.envelope.id}`)) continue;
        await item.effect(manager);
        ran++;
      }
      return ran;
    });
  }
}
