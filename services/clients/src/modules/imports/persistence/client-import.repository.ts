import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { ImportedClient, ImportFormat, ImportMapping, ImportStatus, OnDuplicate } from '@salon/contracts';
import type { ExistingClient, ClientPatch } from '../domain/import-plan.js';

export interface ClientImportRecord {
  id: string;
  status: ImportStatus;
  fileName: string;
  format: ImportFormat;
  columns: string[];
  mapping: ImportMapping;
  onDuplicate: OnDuplicate;
  totalRows: number;
  processedRows: number;
  createdCount: number;
  updatedCount: number;
  skippedDuplicateCount: number;
  rejectedCount: number;
  createdBy: string | null;
  createdAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
  error: string | null;
  version: number;
}

const COLUMNS = `id, status, file_name AS "fileName", format, columns, mapping, on_duplicate AS "onDuplicate",
  total_rows AS "totalRows", processed_rows AS "processedRows", created_count AS "createdCount", updated_count AS "updatedCount",
  skipped_duplicate_count AS "skippedDuplicateCount", rejected_count AS "rejectedCount", created_by AS "createdBy",
  created_at AS "createdAt", started_at AS "startedAt", finished_at AS "finishedAt", error, version`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Ids of people are UUIDs; anything else (a test's fake user) is recorded as unknown. */
export const uuidOrNull = (id: string | null | undefined) => (id && UUID.test(id) ? id : null);

/** TypeORM answers an UPDATE … RETURNING as [rows, rowCount]. */
function returned<T>(result: unknown): T[] {
  return Array.isArray(result) && result.length === 2 && Array.isArray(result[0]) && typeof result[1] === 'number'
    ? (result[0] as T[])
    : (result as T[]);
}

const LIVE = `deleted_at IS NULL AND merged_into IS NULL`;

export interface NewClientRow {
  row: number;
  client: ImportedClient;
}

export interface BatchCounts {
  created: number;
  updated: number;
  skipped: number;
  rejected: number;
}

/** Imports, their files and rejected rows; and the bulk client writes of an import batch. */
@Injectable()
export class ClientImportRepository {
  constructor(private readonly dataSource: DataSource) {}

  private q(manager?: EntityManager) {
    return manager ?? this.dataSource.manager;
  }

  async create(values: {
    fileName: string;
    format: ImportFormat;
    columns: string[];
    mapping: ImportMapping;
    totalRows: number;
    createdBy: string | null;
    content: string;
  }): Promise<ClientImportRecord> {
    return this.dataSource.transaction(async (m) => {
      const [row] = await m.query(
        `INSERT INTO client_imports (file_name, format, columns, mapping, total_rows, created_by) VALUES ($1, $2, $3, $4, $5, $6) RETURNING ${COLUMNS}`,
        [values.fileName, values.format, values.columns, JSON.stringify(values.mapping), values.totalRows, uuidOrNull(values.createdBy)],
      );
      await m.query(`INSERT INTO client_import_files (import_id, content, byte_size) VALUES ($1, $2, $3)`, [
        row.id,
        values.content,
        Buffer.byteLength(values.content),
      ]);
      return row as ClientImportRecord;
    });
  }

  async findById(id: string, manager?: EntityManager, lock = false): Promise<ClientImportRecord | null> {
    if (!UUID.test(id)) return null;
    const rows = await this.q(manager).query(`SELECT ${COLUMNS} FROM client_imports WHERE id = $1${lock ? ' FOR UPDATE' : ''}`, [id]);
    return (rows[0] as ClientImportRecord) ?? null;
  }

  async recent(limit: number): Promise<ClientImportRecord[]> {
    return this.dataSource.query(`SELECT ${COLUMNS} FROM client_imports ORDER BY created_at DESC, id DESC LIMIT $1`, [limit]);
  }

  async content(id: string): Promise<string | null> {
    const rows = await this.dataSource.query(`SELECT content FROM client_import_files WHERE import_id = $1`, [id]);
    return rows[0]?.content ?? null;
  }

  async saveMapping(id: string, mapping: ImportMapping): Promise<void> {
    await this.dataSource.query(
      `UPDATE client_imports SET mapping = $2, status = 'validated', version = version + 1 WHERE id = $1 AND status IN ('uploaded', 'validated')`,
      [id, JSON.stringify(mapping)],
    );
  }

  /** uploaded|validated → running, once; null if it had already left those states. */
  async start(id: string, mapping: ImportMapping, onDuplicate: OnDuplicate): Promise<ClientImportRecord | null> {
    const rows = returned(
      await this.dataSource.query(
        `UPDATE client_imports SET status = 'running', mapping = $2, on_duplicate = $3, started_at = now(), processed_rows = 0, error = NULL, version = version + 1
       WHERE id = $1 AND status IN ('uploaded', 'validated') RETURNING ${COLUMNS}`,
        [id, JSON.stringify(mapping), onDuplicate],
      ),
    );
    return (rows[0] as ClientImportRecord) ?? null;
  }

  /** failed → running again, from its committed high-water mark. */
  async resume(id: string): Promise<boolean> {
    const rows = returned(
      await this.dataSource.query(
        `UPDATE client_imports SET status = 'running', error = NULL, finished_at = NULL, version = version + 1 WHERE id = $1 AND status = 'failed' RETURNING id`,
        [id],
      ),
    );
    return rows.length === 1;
  }

  async finish(id: string, status: 'completed' | 'failed', error: string | null, manager?: EntityManager): Promise<void> {
    await this.q(manager).query(
      `UPDATE client_imports SET status = $2, error = $3, finished_at = now(), version = version + 1 WHERE id = $1 AND status = 'running'`,
      [id, status, error],
    );
  }

  /** Running imports whose start is older than the given age (the sweep re-enqueues them). */
  async runningIds(olderThanSeconds: number): Promise<string[]> {
    const rows: { id: string }[] = await this.dataSource.query(
      `SELECT id FROM client_imports WHERE status = 'running' AND started_at < now() - make_interval(secs => $1) ORDER BY started_at LIMIT 100`,
      [olderThanSeconds],
    );
    return rows.map((r) => r.id);
  }

  async rejections(id: string): Promise<{ row: number; reason: string; raw: Record<string, string> }[]> {
    return this.dataSource.query(
      `SELECT row_number AS "row", reason, raw FROM client_import_rejections WHERE import_id = $1 ORDER BY row_number`,
      [id],
    );
  }

  /**
   * Live clients with any of these phone digits or e-mails, oldest first. Clients this import
   * created are left out, so a batch replayed after a crash does not find its own rows.
   */
  async existingClients(
    phoneDigits: string[],
    emails: string[],
    exceptImportId: string | null,
    manager?: EntityManager,
  ): Promise<ExistingClient[]> {
    if (phoneDigits.length === 0 && emails.length === 0) return [];
    return this.q(manager).query(
      `SELECT id, first_name AS "firstName", last_name AS "lastName", phone, phone_digits AS "phoneDigits", email::text AS email,
              to_char(birthday, 'YYYY-MM-DD') AS birthday, address, tags, source, sms_consent AS "smsConsent", email_consent AS "emailConsent", version
         FROM clients
        WHERE ${LIVE} AND ($3::uuid IS NULL OR import_id IS DISTINCT FROM $3::uuid)
          AND ((phone_digits = ANY($1::text[]) AND phone_digits <> '') OR (email IS NOT NULL AND email = ANY($2::citext[])))
        ORDER BY created_at, id`,
      [phoneDigits, emails, exceptImportId],
    );
  }

  /**
   * One multi-row INSERT of new clients. ON CONFLICT (import_id, import_row) makes a replayed
   * batch create nobody twice; only the rows actually inserted come back.
   */
  async insertClients(
    manager: EntityManager,
    importId: string,
    actor: string | null,
    rows: readonly NewClientRow[],
    decidedAt = new Date(),
  ): Promise<{ id: string; row: number }[]> {
    if (rows.length === 0) return [];
    const cols = {
      row: [] as number[],
      first: [] as string[],
      last: [] as (string | null)[],
      phone: [] as (string | null)[],
      email: [] as (string | null)[],
      birthday: [] as (string | null)[],
      address: [] as (string | null)[],
      tags: [] as string[],
      source: [] as (string | null)[],
      sms: [] as boolean[],
      emailOk: [] as boolean[],
    };
    for (const { row, client: c } of rows) {
      cols.row.push(row);
      cols.first.push(c.firstName);
      cols.last.push(c.lastName);
      cols.phone.push(c.phone);
      cols.email.push(c.email);
      cols.birthday.push(c.birthday);
      cols.address.push(c.address ? JSON.stringify(c.address) : null);
      cols.tags.push(JSON.stringify(c.tags));
      cols.source.push(c.source);
      cols.sms.push(c.smsConsent === true);
      cols.emailOk.push(c.emailConsent === true);
    }
    return manager.query(
      `INSERT INTO clients (first_name, last_name, phone, email, birthday, address, tags, source,
                            sms_consent, sms_consent_at, sms_consent_method, sms_consent_by,
                            email_consent, email_consent_at, email_consent_method, email_consent_by,
                            import_id, import_row, created_by, updated_by)
       SELECT u.first, u.last, u.phone, u.email, u.birthday::date, u.address::jsonb,
              ARRAY(SELECT jsonb_array_elements_text(u.tags::jsonb)), u.source,
              u.sms, CASE WHEN u.sms THEN $14::timestamptz END, CASE WHEN u.sms THEN 'import' END, CASE WHEN u.sms THEN $12::uuid END,
              u.email_ok, CASE WHEN u.email_ok THEN $14::timestamptz END, CASE WHEN u.email_ok THEN 'import' END, CASE WHEN u.email_ok THEN $12::uuid END,
              $13::uuid, u.row, $12::uuid, $12::uuid
         FROM unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[], $10::bool[], $11::bool[])
              AS u(row, first, last, phone, email, birthday, address, tags, source, sms, email_ok)
       ON CONFLICT (import_id, import_row) WHERE import_id IS NOT NULL DO NOTHING
       RETURNING id, import_row AS "row"`,
      [
        cols.row,
        cols.first,
        cols.last,
        cols.phone,
        cols.email,
        cols.birthday,
        cols.address,
        cols.tags,
        cols.source,
        cols.sms,
        cols.emailOk,
        actor,
        importId,
        decidedAt,
      ],
    );
  }

  /** Free notes of the clients just created (a column such as Vagaro's "Notes"). */
  async insertNotes(manager: EntityManager, actor: string | null, notes: { clientId: string; body: string }[]): Promise<void> {
    if (notes.length === 0) return;
    await manager.query(
      `INSERT INTO client_notes (client_id, body, author_id, author_name)
       SELECT u.client_id, u.body, $3::uuid, 'Import' FROM unnest($1::uuid[], $2::text[]) AS u(client_id, body)`,
      [notes.map((n) => n.clientId), notes.map((n) => n.body), actor],
    );
  }

  /**
   * onDuplicate=update: one UPDATE for the batch's changed clients. A consent's time is the
   * application's clock (`decidedAt`), as on every other path that decides consent: it is compared
   * with the time of a STOP/START reply and of the other profile in a merge, not with the database's.
   */
  async updateClients(
    manager: EntityManager,
    actor: string | null,
    patches: readonly ClientPatch[],
    decidedAt = new Date(),
  ): Promise<void> {
    if (patches.length === 0) return;
    const n = patches.map((p) => p.next);
    await manager.query(
      `UPDATE clients c SET
         first_name = u.first, last_name = u.last, phone = u.phone, email = u.email, birthday = u.birthday::date,
         address = u.address::jsonb, tags = ARRAY(SELECT jsonb_array_elements_text(u.tags::jsonb)), source = u.source,
         sms_consent = u.sms,
         sms_consent_at = CASE WHEN u.sms_changed THEN $15::timestamptz ELSE c.sms_consent_at END,
         sms_consent_method = CASE WHEN u.sms_changed THEN 'import' ELSE c.sms_consent_method END,
         sms_consent_by = CASE WHEN u.sms_changed THEN $14::uuid ELSE c.sms_consent_by END,
         email_consent = u.email_ok,
         email_consent_at = CASE WHEN u.email_changed THEN $15::timestamptz ELSE c.email_consent_at END,
         email_consent_method = CASE WHEN u.email_changed THEN 'import' ELSE c.email_consent_method END,
         email_consent_by = CASE WHEN u.email_changed THEN $14::uuid ELSE c.email_consent_by END,
         version = c.version + 1, updated_by = $14::uuid, updated_at = now()
       FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[], $10::bool[], $11::bool[], $12::bool[], $13::bool[])
            AS u(id, first, last, phone, email, birthday, address, tags, source, sms, email_ok, sms_changed, email_changed)
       WHERE c.id = u.id`,
      [
        patches.map((p) => p.id),
        n.map((x) => x.firstName),
        n.map((x) => x.lastName),
        n.map((x) => x.phone),
        n.map((x) => x.email),
        n.map((x) => x.birthday),
        n.map((x) => (x.address ? JSON.stringify(x.address) : null)),
        n.map((x) => JSON.stringify(x.tags)),
        n.map((x) => x.source),
        n.map((x) => x.smsConsent),
        n.map((x) => x.emailConsent),
        patches.map((p) => p.smsConsentChanged),
        patches.map((p) => p.emailConsentChanged),
        actor,
        decidedAt,
      ],
    );
  }

  async insertRejections(
    manager: EntityManager,
    importId: string,
    rejections: readonly { row: number; reason: string; raw: Record<string, string> }[],
  ): Promise<void> {
    if (rejections.length === 0) return;
    await manager.query(
      `INSERT INTO client_import_rejections (import_id, row_number, reason, raw)
       SELECT $1, u.row, u.reason, u.raw::jsonb FROM unnest($2::int[], $3::text[], $4::text[]) AS u(row, reason, raw)
       ON CONFLICT (import_id, row_number) DO UPDATE SET reason = EXCLUDED.reason, raw = EXCLUDED.raw`,
      [importId, rejections.map((r) => r.row), rejections.map((r) => r.reason), rejections.map((r) => JSON.stringify(r.raw))],
    );
  }

  /** Moves the committed high-water mark and the counters, in the batch's transaction. */
  async advance(manager: EntityManager, id: string, from: number, to: number, counts: BatchCounts): Promise<void> {
    const result = returned(
      await manager.query(
        `UPDATE client_imports SET processed_rows = $3, created_count = created_count + $4, updated_count = updated_count + $5,
              skipped_duplicate_count = skipped_duplicate_count + $6, rejected_count = rejected_count + $7
        WHERE id = $1 AND processed_rows = $2 AND status = 'running' RETURNING id`,
        [id, from, to, counts.created, counts.updated, counts.skipped, counts.rejected],
      ),
    );
    if (result.length !== 1) throw new ImportMovedOnError(id);
  }
}

/** Another worker advanced or ended the import meanwhile: this batch must not commit. */
export class ImportMovedOnError extends Error {
  constructor(id: string) {
    super(`import ${id} moved on while this batch ran`);
  }
}
