import { Injectable } from '@nestjs/common';
import type { EventPayload } from '@salon/contracts';
import type { EntityManager } from 'typeorm';

/** Clients as their events tell them (report_clients): when each was added, and a name for the top-clients table. */
@Injectable()
export class ReportClientsRepository {
  async created(m: EntityManager, at: string, p: EventPayload<'clients.client.created.v1'>): Promise<void> {
    await m.query(
      `INSERT INTO report_clients (client_id, first_name, last_name, source, created_at) VALUES ($1, $2, $3, $4, $5) ON CONFLICT (client_id) DO NOTHING`,
      [p.clientId, p.firstName, p.lastName, p.source, at],
    );
  }

  /** The merged client's sales and appointments count for the survivor from now on. */
  async merged(m: EntityManager, p: EventPayload<'clients.client.merged.v1'>): Promise<void> {
    await m.query(`UPDATE sales_tickets SET client_id = $1 WHERE client_id = $2`, [p.survivorId, p.mergedId]);
    await m.query(`UPDATE appointments SET client_id = $1 WHERE client_id = $2`, [p.survivorId, p.mergedId]);
    await m.query(`DELETE FROM report_clients WHERE client_id = $1`, [p.mergedId]);
  }

  /** A deleted or anonymised client keeps counting, without a name. */
  async deleted(m: EntityManager, p: EventPayload<'clients.client.deleted.v1'>): Promise<void> {
    await m.query(`UPDATE report_clients SET first_name = 'Former client', last_name = NULL WHERE client_id = $1`, [p.clientId]);
  }
}
