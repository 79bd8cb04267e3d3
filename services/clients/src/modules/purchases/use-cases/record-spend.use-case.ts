import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { SpendChange } from '../domain/spend.rules.js';

/** How many merges deep a sale of a merged-away profile is followed (a merge re-points older ones, so one hop is the norm). */
const MAX_HOPS = 5;

/**
 * One sale or refund (retail) on the client's lifetime spend and last purchase, in the inbox
 * transaction (so the same event twice counts once). A merged-away client's sales count for the
 * client it was merged into. The row is locked before `merged_into` is read, so a merge in flight
 * is ordered before or after us and no amount lands on a profile that was just merged away. A
 * client this service does not know (a sale for another book) is left alone. The version is not
 * bumped: spend is not part of the editable profile, and a sale must not make an open edit stale.
 */
@Injectable()
export class RecordSpendUseCase {
  async execute(change: SpendChange, manager: EntityManager): Promise<void> {
    let id = change.clientId;
    for (let hop = 0; hop < MAX_HOPS; hop++) {
      const [row] = (await manager.query(`SELECT merged_into FROM clients WHERE id = $1::uuid FOR UPDATE`, [id])) as {
        merged_into: string | null;
      }[];
      if (!row) return;
      if (row.merged_into) {
        id = row.merged_into;
        continue;
      }
      await manager.query(
        `UPDATE clients SET lifetime_spend_minor = lifetime_spend_minor + $2::bigint,
                last_purchase_at = CASE WHEN $3::timestamptz IS NULL THEN last_purchase_at
                                        ELSE GREATEST(coalesce(last_purchase_at, '-infinity'::timestamptz), $3::timestamptz) END
          WHERE id = $1::uuid`,
        [id, change.deltaMinor, change.purchasedAt],
      );
      return;
    }
  }
}
