import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';

export interface DocumentRow {
  id: string;
  title: string;
  description: string | null;
  kind: string;
  fileName: string;
  contentType: string;
  size: number;
  sha256: string;
  storageKey: string;
  clientId: string | null;
  submissionId: string | null;
  publicId: string | null;
  publicExpiresAt: Date | null;
  publicRevokedAt: Date | null;
  createdAt: Date;
  retainUntil: Date | null;
}

const COLUMNS = `id, title, description, kind, file_name AS "fileName", content_type AS "contentType", size, sha256,
  storage_key AS "storageKey", client_id AS "clientId", submission_id AS "submissionId", public_id AS "publicId",
  public_expires_at AS "publicExpiresAt", public_revoked_at AS "publicRevokedAt", created_at AS "createdAt", retain_until AS "retainUntil"`;

@Injectable()
export class DocumentRepository {
  constructor(private readonly dataSource: DataSource) {}

  private q(m?: EntityManager) {
    return m ?? this.dataSource.manager;
  }

  async insert(
    m: EntityManager,
    d: Omit<DocumentRow, 'publicId' | 'publicExpiresAt' | 'publicRevokedAt' | 'createdAt'> & { createdBy: string | null },
  ): Promise<void> {
    await m.query(
      `INSERT INTO documents (id, title, description, kind, file_name, content_type, size, sha256, storage_key, client_id, submission_id,
         created_by, retain_until) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
      [
        d.id,
        d.title,
        d.description,
        d.kind,
        d.fileName,
        d.contentType,
        d.size,
        d.sha256,
        d.storageKey,
        d.clientId,
        d.submissionId,
        d.createdBy,
        d.retainUntil,
      ],
    );
  }

  async find(id: string, m?: EntityManager, lock = false): Promise<DocumentRow | null> {
    const rows: DocumentRow[] = await this.q(m).query(
      `SELECT ${COLUMNS} FROM documents WHERE id = $1 AND deleted_at IS NULL ${lock ? 'FOR UPDATE' : ''}`,
      [id],
    );
    return rows[0] ?? null;
  }

  async findPublic(publicId: string): Promise<DocumentRow | null> {
    const rows: DocumentRow[] = await this.q().query(`SELECT ${COLUMNS} FROM documents WHERE public_id = $1 AND deleted_at IS NULL`, [
      publicId,
    ]);
    return rows[0] ?? null;
  }

  async list(filter: { clientId?: string | null; businessOnly?: boolean }, limit = 200): Promise<DocumentRow[]> {
    if (filter.clientId)
      return this.q().query(
        `SELECT ${COLUMNS} FROM documents WHERE client_id = $1 AND deleted_at IS NULL ORDER BY created_at DESC LIMIT $2`,
        [filter.clientId, limit],
      );
    return this.q().query(
      `SELECT ${COLUMNS} FROM documents WHERE deleted_at IS NULL ${filter.businessOnly ? 'AND client_id IS NULL' : ''} ORDER BY created_at DESC LIMIT $1`,
      [limit],
    );
  }

  async share(m: EntityManager, id: string, publicId: string, expiresAt: Date | null): Promise<void> {
    await m.query(`UPDATE documents SET public_id = $2, public_expires_at = $3, public_revoked_at = NULL WHERE id = $1`, [
      id,
      publicId,
      expiresAt,
    ]);
  }

  async revoke(m: EntityManager, id: string): Promise<void> {
    await m.query(`UPDATE documents SET public_revoked_at = now() WHERE id = $1`, [id]);
  }

  async softDelete(m: EntityManager, id: string): Promise<void> {
    await m.query(`UPDATE documents SET deleted_at = now(), public_revoked_at = coalesce(public_revoked_at, now()) WHERE id = $1`, [id]);
  }
}
