import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

/**
 * A completed appointment (scheduling) is a visit: the client's last visit moves forward to it.
 * Only forward, because events of different appointments may arrive out of order (one
 * appointment's events are ordered, two appointments' are not). A merged-away client's visit
 * counts for the client it was merged into.
 */
@Injectable()
export class RecordVisitUseCase {
  async execute(visit: { clientId: string; startsAt: string }, manager: EntityManager): Promise<void> {
    await manager.query(
      `UPDATE clients SET last_visit_at = GREATEST(coalesce(last_visit_at, '-infinity'::timestamptz), $2::timestamptz)
        WHERE id = coalesce((SELECT merged_into FROM clients WHERE id = $1::uuid), $1::uuid)`,
      [visit.clientId, visit.startsAt],
    );
  }
}
