import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { ClientConsentRecord, ConsentChannel } from '../domain/marketing-consent.js';

export interface ClientConsentChange extends ClientConsentRecord {
  clientId: string;
  channel: ConsentChannel;
  decidedAt: string;
  eventId: string;
}

/** The clients service's consent decisions, mirrored (see the client-consent migration for why it cannot loop). */
@Injectable()
export class ClientConsentRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * Keeps the newest decision per client and channel. One client's events arrive in order, but a
   * replay (`events replay-from`) can bring an old one back under a new inbox row: it must not win.
   * Returns whether the row changed.
   */
  async record(change: ClientConsentChange, manager: EntityManager): Promise<boolean> {
    const rows: unknown[] = await manager.query(
      `INSERT INTO client_consent (client_id, channel, granted, method, address, decided_at, event_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (client_id, channel) DO UPDATE
          SET granted = EXCLUDED.granted, method = EXCLUDED.method, address = EXCLUDED.address,
              decided_at = EXCLUDED.decided_at, event_id = EXCLUDED.event_id, updated_at = now()
        WHERE client_consent.decided_at <= EXCLUDED.decided_at
       RETURNING client_id`,
      [change.clientId, change.channel, change.granted, change.method, change.address, change.decidedAt, change.eventId],
    );
    return rows.length > 0;
  }

  async find(clientId: string, channel: ConsentChannel): Promise<ClientConsentRecord | null> {
    const rows: ClientConsentRecord[] = await this.dataSource.query(
      `SELECT granted, method, address FROM client_consent WHERE client_id = $1 AND channel = $2`,
      [clientId, channel],
    );
    return rows[0] ?? null;
  }
}
