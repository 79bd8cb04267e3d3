import { Injectable } from '@nestjs/common';
import type { FormDefinition, FormPurpose } from '@salon/contracts';
import { DataSource, type EntityManager } from 'typeorm';

export interface FormRow {
  id: string;
  name: string;
  purpose: FormPurpose;
  definition: FormDefinition;
  oncePerClient: boolean;
  publishedVersion: number | null;
  archived: boolean;
  serviceIds: string[];
  submissionCount: number;
  updatedAt: Date;
  version: number;
}

export interface FormVersionRow {
  formId: string;
  version: number;
  name: string;
  definition: FormDefinition;
  publishedAt: Date;
}

const COLUMNS = `f.id::text AS id, f.name, f.purpose, f.definition, f.once_per_client AS "oncePerClient",
  f.published_version AS "publishedVersion", f.archived_at IS NOT NULL AS archived, f.updated_at AS "updatedAt", f.version,
  coalesce((SELECT array_agg(s.service_id::text ORDER BY s.service_id) FROM form_services s WHERE s.form_id = f.id), '{}') AS "serviceIds",
  (SELECT count(*)::int FROM submissions x WHERE x.form_id = f.id) AS "submissionCount"`;

const VERSION_COLUMNS = `form_id::text AS "formId", version, name, definition, published_at AS "publishedAt"`;

@Injectable()
export class FormRepository {
  constructor(private readonly dataSource: DataSource) {}

  private q(m?: EntityManager) {
    return m ?? this.dataSource.manager;
  }

  async list(includeArchived: boolean): Promise<FormRow[]> {
    return this.q().query(
      `SELECT ${COLUMNS} FROM forms f ${includeArchived ? '' : 'WHERE f.archived_at IS NULL'} ORDER BY lower(f.name), f.id`,
    );
  }

  async find(id: string, m?: EntityManager, lock = false): Promise<FormRow | null> {
    const rows: FormRow[] = await this.q(m).query(`SELECT ${COLUMNS} FROM forms f WHERE f.id = $1 ${lock ? 'FOR UPDATE' : ''}`, [id]);
    return rows[0] ?? null;
  }

  async insert(
    m: EntityManager,
    f: { name: string; purpose: FormPurpose; definition: FormDefinition; oncePerClient: boolean; createdBy: string | null },
  ): Promise<string> {
    const [row] = await m.query(
      `INSERT INTO forms (name, purpose, definition, once_per_client, created_by) VALUES ($1, $2, $3, $4, $5) RETURNING id::text AS id`,
      [f.name, f.purpose, JSON.stringify(f.definition), f.oncePerClient, f.createdBy],
    );
    return row.id;
  }

  async updateDraft(
    m: EntityManager,
    id: string,
    f: { name: string; purpose: FormPurpose; definition: FormDefinition; oncePerClient: boolean },
  ) {
    await m.query(
      `UPDATE forms SET name = $2, purpose = $3, definition = $4, once_per_client = $5, updated_at = now(), version = version + 1 WHERE id = $1`,
      [id, f.name, f.purpose, JSON.stringify(f.definition), f.oncePerClient],
    );
  }

  async setServices(m: EntityManager, id: string, serviceIds: readonly string[]): Promise<void> {
    await m.query(`DELETE FROM form_services WHERE form_id = $1`, [id]);
    if (serviceIds.length)
      await m.query(`INSERT INTO form_services (form_id, service_id) SELECT $1, unnest($2::uuid[]) ON CONFLICT DO NOTHING`, [
        id,
        [...serviceIds],
      ]);
  }

  async setArchived(m: EntityManager, id: string, archived: boolean): Promise<void> {
    await m.query(
      `UPDATE forms SET archived_at = ${archived ? 'now()' : 'NULL'}, updated_at = now(), version = version + 1 WHERE id = $1`,
      [id],
    );
  }

  async publish(m: EntityManager, id: string, v: { version: number; name: string; definition: FormDefinition; by: string | null }) {
    await m.query(`INSERT INTO form_versions (form_id, version, name, definition, published_by) VALUES ($1, $2, $3, $4, $5)`, [
      id,
      v.version,
      v.name,
      JSON.stringify(v.definition),
      v.by,
    ]);
    await m.query(`UPDATE forms SET published_version = $2, updated_at = now(), version = version + 1 WHERE id = $1`, [id, v.version]);
  }

  async findVersion(formId: string, version: number, m?: EntityManager): Promise<FormVersionRow | null> {
    const rows: FormVersionRow[] = await this.q(m).query(
      `SELECT ${VERSION_COLUMNS} FROM form_versions WHERE form_id = $1 AND version = $2`,
      [formId, version],
    );
    return rows[0] ?? null;
  }

  async versions(formId: string): Promise<FormVersionRow[]> {
    return this.q().query(`SELECT ${VERSION_COLUMNS} FROM form_versions WHERE form_id = $1 ORDER BY version DESC`, [formId]);
  }

  /** Published, live forms asked for any of these services. */
  async forServices(m: EntityManager, serviceIds: readonly string[]): Promise<{ id: string; name: string; oncePerClient: boolean }[]> {
    return m.query(
      `SELECT DISTINCT f.id::text AS id, f.name, f.once_per_client AS "oncePerClient" FROM forms f JOIN form_services s ON s.form_id = f.id
        WHERE s.service_id = ANY($1::uuid[]) AND f.archived_at IS NULL AND f.published_version IS NOT NULL ORDER BY 1`,
      [[...serviceIds]],
    );
  }
}
