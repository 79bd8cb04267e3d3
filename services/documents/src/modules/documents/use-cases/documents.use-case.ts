import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  DOCUMENT_CONTENT_TYPES,
  DOCUMENT_MAX_BYTES,
  documentShareInputSchema,
  documentUploadInputSchema,
  isSlugId,
  type DocumentView,
  type DownloadLinkView,
  type PublicDocumentView,
} from '@salon/contracts';
import {
  APP_CONFIG,
  ConflictError,
  NotFoundError,
  OutboxWriter,
  parseInput,
  ReferenceCheck,
  ValidationFailedError,
  type AuthContext,
} from '@salon/nest-kit';
import { DataSource } from 'typeorm';
import type { DocumentsConfig } from '../../../config.js';
import { FileStore } from '../../storage/persistence/file-store.provider.js';
import { BusinessDirectory } from '../../submissions/persistence/business-directory.provider.js';
import { sha256Hex } from '../../submissions/domain/submission-hash.rules.js';
import { mayReadClient, SubmissionsUseCase, type Reader } from '../../submissions/use-cases/submissions.use-case.js';
import { safeFileName, sniffContentType, uploadProblem } from '../domain/content-sniff.rules.js';
import { deleteProblem, newPublicId, publicLinkState } from '../domain/public-link.rules.js';
import { DocumentRepository, type DocumentRow } from '../persistence/document.repository.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function toDocumentView(d: DocumentRow, now: Date): DocumentView {
  const live = publicLinkState(d, now) === 'live';
  return {
    id: d.id,
    title: d.title,
    description: d.description,
    kind: d.kind as DocumentView['kind'],
    fileName: d.fileName,
    contentType: d.contentType,
    size: d.size,
    sha256: d.sha256,
    clientId: d.clientId,
    publicId: live ? d.publicId : null,
    publicExpiresAt: live && d.publicExpiresAt ? new Date(d.publicExpiresAt).toISOString() : null,
    createdAt: new Date(d.createdAt).toISOString(),
    submissionId: d.submissionId,
  };
}

/** Files per client or for the business, in the file store; downloads through short-lived links; public links that expire or are revoked. */
@Injectable()
export class DocumentsUseCase {
  constructor(
    private readonly dataSource: DataSource,
    private readonly documents: DocumentRepository,
    private readonly store: FileStore,
    private readonly references: ReferenceCheck,
    private readonly business: BusinessDirectory,
    private readonly outbox: OutboxWriter,
    private readonly submissions: SubmissionsUseCase,
    @Inject(APP_CONFIG) private readonly config: DocumentsConfig,
  ) {}

  /** The body is the file; its kind is sniffed from the bytes, never taken from the name or Content-Type. */
  async upload(auth: AuthContext, query: unknown, body: unknown, now: Date): Promise<DocumentView> {
    const u = parseInput(documentUploadInputSchema, query);
    if (!(body instanceof Uint8Array)) throw ValidationFailedError.field('file', 'is required: send the file as the request body');
    const problem = uploadProblem(body, DOCUMENT_MAX_BYTES, DOCUMENT_CONTENT_TYPES);
    if (problem) throw ValidationFailedError.field('file', problem);
    if (u.clientId) await this.references.require({ clients: [{ field: 'clientId', id: u.clientId }] });
    const id = randomUUID();
    const key = `documents/${id}`;
    const contentType = sniffContentType(body)!;
    await this.store.put(key, body, contentType);
    await this.dataSource.transaction((m) =>
      this.documents.insert(m, {
        id,
        title: u.title,
        description: u.description ?? null,
        kind: u.kind,
        fileName: safeFileName(u.fileName),
        contentType,
        size: body.length,
        sha256: sha256Hex(body),
        storageKey: key,
        clientId: u.clientId,
        submissionId: null,
        createdBy: UUID.test(auth.userId) ? auth.userId : null,
        retainUntil: null,
      }),
    );
    return toDocumentView((await this.documents.find(id))!, now);
  }

  async list(reader: Reader, clientId: string | null, now: Date): Promise<DocumentView[]> {
    if (clientId !== null && !UUID.test(clientId)) throw ValidationFailedError.field('clientId', 'must be a client id');
    if (reader.auth.role === 'client') {
      if (clientId !== reader.auth.userId) throw new NotFoundError('No such client');
    } else if (!mayReadClient(reader, null)) throw new NotFoundError('No such document');
    return (await this.documents.list({ clientId })).map((d) => toDocumentView(d, now));
  }

  async get(reader: Reader, id: string, now: Date): Promise<DocumentView> {
    return toDocumentView(await this.readable(reader, id), now);
  }

  /**
   * A short-lived link to the file. A signed form's PDF is the submission itself in another shape, so
   * opening it is logged as a read of that submission (who, when; `via` "pdf"), like reading its answers.
   */
  async downloadLink(reader: Reader, id: string, now: Date, inline = false): Promise<DownloadLinkView> {
    const d = await this.readable(reader, id);
    if (d.submissionId) await this.submissions.logRead(reader, d.submissionId, inline ? 'pdf-preview' : 'pdf', now);
    return this.link(d, now, inline);
  }

  async share(auth: AuthContext, id: string, input: unknown, now: Date): Promise<DocumentView> {
    const s = parseInput(documentShareInputSchema, input ?? {});
    const expiresAt = s.expiresInDays ? new Date(now.getTime() + s.expiresInDays * 86_400_000) : null;
    await this.dataSource.transaction(async (m) => {
      const d = UUID.test(id) ? await this.documents.find(id, m, true) : null;
      if (!d) throw new NotFoundError('No such document');
      // A new share is a new id: a link revoked earlier never comes back to life.
      await this.documents.share(m, id, newPublicId(), expiresAt);
      await this.outbox.append(m, {
        type: 'documents.document.shared.v1',
        aggregateType: 'document',
        aggregateId: id,
        actor: { type: 'user', id: UUID.test(auth.userId) ? auth.userId : null },
        payload: { documentId: id, clientId: d.clientId, expiresAt: expiresAt?.toISOString() ?? null },
      });
    });
    return toDocumentView((await this.documents.find(id))!, now);
  }

  async revoke(id: string, now: Date): Promise<DocumentView> {
    await this.dataSource.transaction(async (m) => {
      const d = UUID.test(id) ? await this.documents.find(id, m, true) : null;
      if (!d) throw new NotFoundError('No such document');
      await this.documents.revoke(m, id);
    });
    return toDocumentView((await this.documents.find(id))!, now);
  }

  /** Deleting keeps the row's evidence out of lists; a signed form under retention is refused. The file is removed from storage. */
  async delete(id: string, now: Date): Promise<void> {
    const key = await this.dataSource.transaction(async (m) => {
      const d = UUID.test(id) ? await this.documents.find(id, m, true) : null;
      if (!d) throw new NotFoundError('No such document');
      const problem = deleteProblem(d, now);
      if (problem) throw new ConflictError(`This document ${problem}`, null, 'retainUntil');
      await this.documents.softDelete(m, id);
      return d.storageKey;
    });
    await this.store.delete(key);
  }

  /** `/documents/{id}` without a session: only a live (shared, not expired, not revoked) link answers; anything else is 404. */
  async publicDocument(publicId: string, now: Date): Promise<PublicDocumentView> {
    const d = await this.livePublic(publicId, now);
    const link = await this.link(d, now, true);
    return {
      title: d.title,
      description: d.description,
      fileName: d.fileName,
      contentType: d.contentType,
      size: d.size,
      businessName: await this.business.businessName(),
      downloadUrl: link.url,
      expiresAt: d.publicExpiresAt ? new Date(d.publicExpiresAt).toISOString() : null,
    };
  }

  async publicDownload(publicId: string, now: Date): Promise<string> {
    return (await this.link(await this.livePublic(publicId, now), now)).url;
  }

  private async livePublic(publicId: string, now: Date): Promise<DocumentRow> {
    const d = isSlugId(publicId) && publicId.length <= 64 ? await this.documents.findPublic(publicId) : null;
    if (!d || publicLinkState(d, now) !== 'live') throw new NotFoundError('No such document');
    return d;
  }

  private async readable(reader: Reader, id: string): Promise<DocumentRow> {
    const d = UUID.test(id) ? await this.documents.find(id) : null;
    // A client reads only their own; staff need view_clients. Neither learns whether anything else exists.
    if (!d || !mayReadClient(reader, d.clientId)) throw new NotFoundError('No such document');
    return d;
  }

  private async link(d: DocumentRow, now: Date, inline = false): Promise<DownloadLinkView> {
    const seconds = this.config.DOWNLOAD_URL_SECONDS;
    const url = await this.store.downloadUrl(d.storageKey, { fileName: d.fileName, contentType: d.contentType, seconds, inline });
    return { url, expiresAt: new Date(now.getTime() + seconds * 1000).toISOString() };
  }
}
