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
}
