import { Injectable } from '@nestjs/common';
import type { EmailSuppressionView, SuppressionReason } from '@salon/contracts';
import { DataSource } from 'typeorm';

type Raw = { address: string; reason: SuppressionReason; detail: string | null; created_at: Date };

/** The e-mail suppression list (table email_suppressions), keyed by the lower-cased address. */
@Injectable()
export class EmailSuppressionRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Adds an address; one already listed keeps its first reason (a redelivered notification changes nothing). */
  async add(entry: {
    address: string;
    reason: SuppressionReason;
    detail: string | null;
    providerMessageId: string | null;
  }): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query(
      `INSERT INTO email_suppressions (address, reason, detail, provider_message_id) VALUES (lower($1), $2, $3, $4)
       ON CONFLICT (address) DO NOTHING RETURNING address`,
      [entry.address, entry.reason, entry.detail, entry.providerMessageId],
    );
    return rows.length > 0;
  }

  async list(limit: number): Promise<EmailSuppressionView[]> {
    const rows: Raw[] = await this.dataSource.query(`SELECT * FROM email_suppressions ORDER BY created_at DESC, address LIMIT $1`, [limit]);
    return rows.map(toView);
  }

  async remove(address: string): Promise<boolean> {
    // A SELECT over the DELETE: TypeORM answers a bare DELETE ... RETURNING with [rows, count].
    const rows: unknown[] = await this.dataSource.query(
      `WITH gone AS (DELETE FROM email_suppressions WHERE address = lower(trim($1)) RETURNING address) SELECT address FROM gone`,
      [address],
    );
    return rows.length > 0;
  }
}

function toView(r: Raw): EmailSuppressionView {
  return { address: r.address, reason: r.reason, detail: r.detail, createdAt: new Date(r.created_at).toISOString() };
}
