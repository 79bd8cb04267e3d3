import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { toClientView, type ClientRecord } from '../domain/client-view.js';
import type { ExportClient, ExportNote } from '../domain/export-format.js';
import { LIVE } from './client.repository.js';

const CLIENT_COLUMNS = `c.id, c.first_name AS "firstName", c.last_name AS "lastName", c.phone, c.email::text AS email, c.birthday::text AS birthday,
  c.address, c.preferred_location_id AS "preferredLocationId", c.preferred_staff_id AS "preferredStaffId", c.tags, c.alerts, c.source,
  c.sms_consent AS "smsConsent", c.sms_consent_at AS "smsConsentAt", c.sms_consent_method AS "smsConsentMethod", c.sms_consent_by AS "smsConsentBy",
  c.email_consent AS "emailConsent", c.email_consent_at AS "emailConsentAt", c.email_consent_method AS "emailConsentMethod", c.email_consent_by AS "emailConsentBy",
  c.last_visit_at AS "lastVisitAt", c.lifetime_spend_minor AS "lifetimeSpendMinor", c.last_purchase_at AS "lastPurchaseAt", c.version, c.created_by AS "createdBy", c.updated_by AS "updatedBy", c.created_at AS "createdAt", c.updated_at AS "updatedAt",
  c.search_name AS "searchName"`;

/** Reads every live client with its notes in name order, batch after batch, inside one REPEATABLE READ snapshot. */
@Injectable()
export class ClientExportReader {
  constructor(private readonly dataSource: DataSource) {}

  async *batches(batchSize: number): AsyncGenerator<ExportClient[]> {
    const runner = this.dataSource.createQueryRunner();
    await runner.connect();
    try {
      await runner.startTransaction('REPEATABLE READ');
      let after: { name: string; id: string } | null = null;
      for (;;) {
        const rows: (ClientRecord & { searchName: string })[] = after
          ? await runner.query(
              `SELECT ${CLIENT_COLUMNS} FROM clients c WHERE ${LIVE} AND (c.search_name, c.id) > ($1, $2) ORDER BY c.search_name, c.id LIMIT $3`,
              [after.name, after.id, batchSize],
            )
          : await runner.query(`SELECT ${CLIENT_COLUMNS} FROM clients c WHERE ${LIVE} ORDER BY c.search_name, c.id LIMIT $1`, [batchSize]);
        if (rows.length === 0) break;
        const notes: (ExportNote & { createdAt: Date; updatedAt: Date })[] = await runner.query(
          `SELECT n.id, n.client_id AS "clientId", n.body, n.template_id AS "templateId", n.template_name AS "templateName", n."values", n.pinned,
                  coalesce(n.author_id::text, '') AS "authorId", n.author_name AS "authorName", n.created_at AS "createdAt", n.updated_at AS "updatedAt", n.version
             FROM client_notes n WHERE n.client_id = ANY($1::uuid[]) AND n.deleted_at IS NULL
            ORDER BY n.client_id, n.pinned DESC, n.created_at DESC`,
          [rows.map((r) => r.id)],
        );
        const byClient = new Map<string, ExportNote[]>();
        for (const n of notes) {
          const list = byClient.get(n.clientId) ?? [];
          list.push({ ...n, createdAt: new Date(n.createdAt).toISOString(), updatedAt: new Date(n.updatedAt).toISOString() });
          byClient.set(n.clientId, list);
        }
        yield rows.map((r) => {
          const { possibleDuplicateCount: _ignored, ...view } = toClientView(r);
          return { ...view, notes: byClient.get(r.id) ?? [] };
        });
        const last = rows[rows.length - 1];
        after = { name: last.searchName, id: last.id };
        if (rows.length < batchSize) break;
      }
      await runner.commitTransaction();
    } finally {
      if (runner.isTransactionActive) await runner.rollbackTransaction().catch(() => undefined);
      await runner.release();
    }
  }
}
