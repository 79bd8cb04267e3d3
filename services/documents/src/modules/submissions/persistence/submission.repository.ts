import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';

export interface StoredFile {
  fieldKey: string;
  fileName: string;
  contentType: string;
  size: number;
  sha256: string;
  storageKey: string;
}

export interface SubmissionRow {
  id: string;
  formId: string;
  formName: string;
  version: number;
  definition: unknown;
  clientId: string | null;
  appointmentId: string | null;
  answers: Record<string, unknown>;
  signerName: string | null;
  signatureKey: string | null;
  signatureSha256: string | null;
  files: StoredFile[];
  signedAt: Date;
  ip: string;
  userAgent: string;
  contentSha256: string;
  documentId: string | null;
}

export interface SubmissionReadRow {
  readerId: string | null;
  readerRole: string;
  readAt: Date;
  via: string;
}

export interface FormRequestRow {
  id: string;
  token: string;
  formId: string;
  formName: string;
  clientId: string;
  appointmentId: string | null;
  dueAt: Date | null;
  expiresAt: Date;
  submissionId: string | null;
  signedAt: Date | null;
}

const COLUMNS = `s.id, s.form_id::text AS "formId", v.name AS "formName", s.form_version AS version, v.definition,
  s.client_id AS "clientId", s.appointment_id AS "appointmentId", s.answers, s.signer_name AS "signerName",
  s.signature_key AS "signatureKey", s.signature_sha256 AS "signatureSha256", s.files, s.signed_at AS "signedAt", s.ip,
  s.user_agent AS "userAgent", s.content_sha256 AS "contentSha256", s.document_id AS "documentId"`;
const FROM = `submissions s JOIN form_versions v ON v.form_id = s.form_id AND v.version = s.form_version`;

const REQUEST_COLUMNS = `r.id, r.token, r.form_id::text AS "formId", f.name AS "formName", r.client_id AS "clientId",
  r.appointment_id AS "appointmentId", r.due_at AS "dueAt", r.expires_at AS "expiresAt", r.submission_id AS "submissionId",
  s.signed_at AS "signedAt"`;
const REQUEST_FROM = `form_requests r JOIN forms f ON f.id = r.form_id LEFT JOIN submissions s ON s.id = r.submission_id`;

@Injectable()
export class SubmissionRepository {
  constructor(private readonly dataSource: DataSource) {}

  private q(m?: EntityManager) {
    return m ?? this.dataSource.manager;
  }

  async insert(m: EntityManager, s: Omit<SubmissionRow, 'formName' | 'definition' | 'documentId'> & { requestId: string | null }) {
    await m.query(
      `INSERT INTO submissions (id, form_id, form_version, client_id, appointment_id, request_id, answers, signer_name, signature_key,
         signature_sha256, files, signed_at, ip, user_agent, content_sha256)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)`,
      [
        s.id,
        s.formId,
        s.version,
        s.clientId,
        s.appointmentId,
        s.requestId,
        JSON.stringify(s.answers),
        s.signerName,
        s.signatureKey,
        s.signatureSha256,
        JSON.stringify(s.files),
        s.signedAt,
        s.ip,
        s.userAgent,
        s.contentSha256,
      ],
    );
  }

  async setDocument(m: EntityManager, id: string, documentId: string): Promise<void> {
    await m.query(`UPDATE submissions SET document_id = $2 WHERE id = $1`, [id, documentId]);
  }

  async find(id: string, m?: EntityManager): Promise<SubmissionRow | null> {
    const rows: SubmissionRow[] = await this.q(m).query(`SELECT ${COLUMNS} FROM ${FROM} WHERE s.id = $1`, [id]);
    return rows[0] ?? null;
  }

  async listForForm(formId: string, limit: number): Promise<SubmissionRow[]> {
    return this.q().query(`SELECT ${COLUMNS} FROM ${FROM} WHERE s.form_id = $1 ORDER BY s.signed_at DESC LIMIT $2`, [formId, limit]);
  }

  async listForClient(clientId: string): Promise<SubmissionRow[]> {
    return this.q().query(`SELECT ${COLUMNS} FROM ${FROM} WHERE s.client_id = $1 ORDER BY s.signed_at DESC`, [clientId]);
  }

  async logRead(
    m: EntityManager | undefined,
    r: { submissionId: string; readerId: string | null; readerRole: string; via: string; readAt?: Date },
  ) {
    await this.q(m).query(
      `INSERT INTO submission_reads (submission_id, reader_id, reader_role, via, read_at) VALUES ($1, $2, $3, $4, coalesce($5, now()))`,
      [r.submissionId, r.readerId, r.readerRole, r.via, r.readAt ?? null],
    );
  }

  async reads(submissionId: string): Promise<SubmissionReadRow[]> {
    return this.q().query(
      `SELECT reader_id AS "readerId", reader_role AS "readerRole", read_at AS "readAt", via FROM submission_reads
       WHERE submission_id = $1 ORDER BY read_at DESC, id DESC LIMIT 500`,
      [submissionId],
    );
  }

  /** The reads of several submissions (a client's filled forms), newest first, at most 100 each. */
  async readsOf(submissionIds: string[]): Promise<(SubmissionReadRow & { submissionId: string })[]> {
    if (submissionIds.length === 0) return [];
    return this.q().query(
      `SELECT "submissionId", "readerId", "readerRole", "readAt", via FROM (
         SELECT submission_id AS "submissionId", reader_id AS "readerId", reader_role AS "readerRole", read_at AS "readAt", via,
                row_number() OVER (PARTITION BY submission_id ORDER BY read_at DESC, id DESC) AS n
         FROM submission_reads WHERE submission_id = ANY($1::uuid[])) r
       WHERE n <= 100 ORDER BY "readAt" DESC`,
      [submissionIds],
    );
  }

  // Form requests: a form asked of one client (a link, or a booking of a service the form is attached to).

  async insertRequest(
    m: EntityManager,
    r: {
      tokenSha256: string;
      token: string;
      formId: string;
      clientId: string;
      appointmentId: string | null;
      dueAt: Date | null;
      expiresAt: Date;
      /** An online booking's: the SHA-256 of its answer's formsKey. */
      bookingKeySha256?: string | null;
    },
  ): Promise<string | null> {
    const rows: { id: string }[] = await m.query(
      `INSERT INTO form_requests (token_sha256, token, form_id, client_id, appointment_id, due_at, expires_at, booking_key_sha256)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT DO NOTHING RETURNING id`,
      [r.tokenSha256, r.token, r.formId, r.clientId, r.appointmentId, r.dueAt, r.expiresAt, r.bookingKeySha256 ?? null],
    );
    return rows[0]?.id ?? null;
  }

  async findRequestByToken(m: EntityManager | undefined, tokenSha256: string, lock = false): Promise<FormRequestRow | null> {
    const rows: FormRequestRow[] = await this.q(m).query(
      `SELECT ${REQUEST_COLUMNS} FROM ${REQUEST_FROM} WHERE r.token_sha256 = $1 ${lock ? 'FOR UPDATE OF r' : ''}`,
      [tokenSha256],
    );
    return rows[0] ?? null;
  }

  async requestsForClient(clientId: string): Promise<FormRequestRow[]> {
    return this.q().query(
      `SELECT ${REQUEST_COLUMNS} FROM ${REQUEST_FROM} WHERE r.client_id = $1 ORDER BY coalesce(r.due_at, r.created_at) DESC`,
      [clientId],
    );
  }

  /**
   * An online booking's requests still to fill (its formsKey's SHA-256), in the form's name order: those
   * it made, and the client's open ones it found instead of asking again (booking_form_keys).
   */
  async openRequestsForBooking(bookingKeySha256: string, now: Date): Promise<FormRequestRow[]> {
    return this.q().query(
      `SELECT ${REQUEST_COLUMNS} FROM ${REQUEST_FROM}
       WHERE (r.booking_key_sha256 = $1 OR r.id IN (SELECT request_id FROM booking_form_keys WHERE booking_key_sha256 = $1))
         AND r.submission_id IS NULL AND r.expires_at > $2 AND f.archived_at IS NULL
       ORDER BY f.name, r.id`,
      [bookingKeySha256, now],
    );
  }

  /** A client's requests still to fill (live, form not archived): what "Send forms" sends and the public page leads on to. */
  async openRequestsForClient(clientId: string, now: Date, m?: EntityManager): Promise<FormRequestRow[]> {
    return this.q(m).query(
      `SELECT ${REQUEST_COLUMNS} FROM ${REQUEST_FROM}
       WHERE r.client_id = $1 AND r.submission_id IS NULL AND r.expires_at > $2 AND f.archived_at IS NULL
       ORDER BY f.name, r.id`,
      [clientId, now],
    );
  }

  async markRequestSubmitted(m: EntityManager, requestId: string, submissionId: string): Promise<void> {
    await m.query(`UPDATE form_requests SET submission_id = $2 WHERE id = $1`, [requestId, submissionId]);
  }

  /** The client's live, unfilled request for a form, if any (the oldest): what a once-per-client form's next booking points to. */
  async openRequestFor(m: EntityManager, clientId: string, formId: string, now: Date): Promise<string | null> {
    const rows: { id: string }[] = await m.query(
      `SELECT id FROM form_requests WHERE client_id = $1 AND form_id = $2 AND submission_id IS NULL AND expires_at > $3
       ORDER BY created_at, id LIMIT 1`,
      [clientId, formId, now],
    );
    return rows[0]?.id ?? null;
  }

  /** Lets a booking's formsKey find a request it did not make (idempotent). */
  async linkBookingKey(m: EntityManager, bookingKeySha256: string, requestId: string): Promise<void> {
    await m.query(`INSERT INTO booking_form_keys (booking_key_sha256, request_id) VALUES ($1, $2) ON CONFLICT DO NOTHING`, [
      bookingKeySha256,
      requestId,
    ]);
  }

  /** Whether the client already filled this form or has a live request for it (a once-per-client intake asks once). */
  async clientHasForm(m: EntityManager, clientId: string, formId: string, now: Date): Promise<boolean> {
    const rows = await m.query(
      `SELECT 1 FROM submissions WHERE client_id = $1 AND form_id = $2
       UNION ALL SELECT 1 FROM form_requests WHERE client_id = $1 AND form_id = $2 AND submission_id IS NULL AND expires_at > $3 LIMIT 1`,
      [clientId, formId, now],
    );
    return rows.length > 0;
  }
}
