import { Inject, Injectable } from '@nestjs/common';
import {
  formRequestInputSchema,
  PERMISSIONS,
  satisfies,
  type BookedFormView,
  type ClientFormView,
  type DownloadLinkView,
  type PublicFormView,
  type SubmissionReadView,
  type SubmissionSummary,
  type SubmissionView,
} from '@salon/contracts';
import { APP_CONFIG, ForbiddenError, NotFoundError, parseInput, ReferenceCheck, type AuthContext } from '@salon/nest-kit';
import { DataSource } from 'typeorm';
import type { DocumentsConfig } from '../../../config.js';
import { newRequestToken } from '../../documents/domain/public-link.rules.js';
import { FormRepository } from '../../forms/persistence/form.repository.js';
import { FileStore } from '../../storage/persistence/file-store.provider.js';
import { isFormId } from '../../forms/use-cases/form-view.js';
import { sha256Hex, submissionIntact } from '../domain/submission-hash.rules.js';
import { BusinessDirectory } from '../persistence/business-directory.provider.js';
import {
  SubmissionRepository,
  type FormRequestRow,
  type StoredFile,
  type SubmissionReadRow,
  type SubmissionRow,
} from '../persistence/submission.repository.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Who may read a client's forms: staff who may see clients, and the client themself (a signed-in client's user id is their client id). */
export interface Reader {
  auth: AuthContext;
  permissions: readonly string[];
}

export function mayReadClient(reader: Reader, clientId: string | null): boolean {
  if (reader.auth.role === 'client') return clientId !== null && reader.auth.userId === clientId;
  return satisfies({ role: reader.auth.role, permissions: reader.permissions }, PERMISSIONS.VIEW_CLIENTS);
}

/** Who may see the log of reads: staff who may see clients (never the client). */
export function mayReadReads(reader: Reader): boolean {
  return reader.auth.role !== 'client' && mayReadClient(reader, null);
}

function toFileView(f: StoredFile) {
  return { fieldKey: f.fieldKey, fileName: f.fileName, contentType: f.contentType, size: f.size };
}

function toReadView(r: SubmissionReadRow): SubmissionReadView {
  return { readerId: r.readerId, readerRole: r.readerRole, readAt: new Date(r.readAt).toISOString(), via: r.via };
}

/** Whether the stored submission still hashes to what was signed. */
export function rowIntact(row: SubmissionRow): boolean {
  return submissionIntact(
    {
      formId: row.formId,
      version: row.version,
      definition: row.definition,
      answers: row.answers,
      clientId: row.clientId,
      signerName: row.signerName,
      signatureSha256: row.signatureSha256,
      files: Object.fromEntries(row.files.map((f) => [f.fieldKey, f.sha256])),
      signedAt: new Date(row.signedAt).toISOString(),
      ip: row.ip,
      userAgent: row.userAgent,
    },
    row.contentSha256,
  );
}

export function toSubmissionSummary(row: SubmissionRow): SubmissionSummary {
  return {
    id: row.id,
    formId: row.formId,
    formName: row.formName,
    version: row.version,
    clientId: row.clientId,
    signerName: row.signerName,
    signedAt: new Date(row.signedAt).toISOString(),
  };
}

/** Reading what clients filled in (every read of one submission is logged: who, when), and asking a client for a form. */
@Injectable()
export class SubmissionsUseCase {
  constructor(
    private readonly dataSource: DataSource,
    private readonly forms: FormRepository,
    private readonly submissions: SubmissionRepository,
    private readonly references: ReferenceCheck,
    private readonly business: BusinessDirectory,
    private readonly store: FileStore,
    @Inject(APP_CONFIG) private readonly config: DocumentsConfig,
  ) {}

  /** The public page's form: the newest published version (or the link's form), without a session. */
  async publicForm(formId: string, requestToken: string | null, now: Date): Promise<PublicFormView> {
    const form = isFormId(formId) ? await this.forms.find(formId) : null;
    if (!form || form.archived || form.publishedVersion === null) throw new NotFoundError('No such form');
    let moreForms: PublicFormView['moreForms'] = [];
    if (requestToken !== null) {
      const request = /^[A-Za-z0-9_-]{16,64}$/.test(requestToken)
        ? await this.submissions.findRequestByToken(undefined, sha256Hex(requestToken))
        : null;
      if (!request || request.formId !== formId || request.submissionId || new Date(request.expiresAt) <= now)
        throw new NotFoundError('This form link is not valid any more');
      // The holder of one of this client's links is that client: the page leads on to their other open forms.
      moreForms = (await this.submissions.openRequestsForClient(request.clientId, now))
        .filter((r) => r.id !== request.id)
        .map((r) => ({ formId: r.formId, formName: r.formName, link: this.requestLink(r) }));
    }
    const version = (await this.forms.findVersion(formId, form.publishedVersion))!;
    return {
      id: formId,
      name: version.name,
      version: version.version,
      definition: version.definition,
      businessName: await this.business.businessName(),
      clientName: null,
      moreForms,
    };
  }

  /**
   * The `/booking` confirmation's forms: those its booking asked and the client has not filled, each
   * with the client's own link. Found by the booking answer's formsKey only (256 random bits); an
   * unknown or malformed key answers an empty list, like a booking of services without forms.
   */
  async bookedForms(formsKey: string, now: Date): Promise<BookedFormView[]> {
    if (!/^[A-Za-z0-9_-]{43}$/.test(formsKey)) return [];
    const requests = await this.submissions.openRequestsForBooking(sha256Hex(formsKey), now);
    return requests.map((r) => ({ formId: r.formId, formName: r.formName, link: this.requestLink(r) }));
  }

  /** One submission with its answers; the read is logged in the same breath, and a client reads only their own. */
  async read(reader: Reader, id: string, via: string): Promise<SubmissionView> {
    const row = UUID.test(id) ? await this.submissions.find(id) : null;
    // Someone who may not read it learns nothing about whether it exists.
    if (!row || !mayReadClient(reader, row.clientId)) throw new NotFoundError('No such submission');
    await this.logRead(reader, id, via);
    return {
      id: row.id,
      formId: row.formId,
      formName: row.formName,
      version: row.version,
      clientId: row.clientId,
      answers: row.answers,
      signerName: row.signerName,
      signedAt: new Date(row.signedAt).toISOString(),
      ip: row.ip,
      userAgent: row.userAgent,
      contentSha256: row.contentSha256,
      intact: rowIntact(row),
      files: row.files.map(toFileView),
    };
  }

  /** Logs one read of a submission (who, when, how): its answers, its signed PDF or one of its files. */
  async logRead(reader: Reader, submissionId: string, via: string, readAt?: Date): Promise<void> {
    await this.submissions.logRead(undefined, {
      submissionId,
      readerId: UUID.test(reader.auth.userId) ? reader.auth.userId : null,
      readerRole: reader.auth.role,
      via,
      readAt,
    });
  }

  /**
   * A short-lived link to one file a client uploaded with a submission (a photo, a scan): staff who
   * may read the submission only, and the opening is logged like a read (`via` "file").
   */
  async fileLink(reader: Reader, id: string, fieldKey: string, now: Date): Promise<DownloadLinkView> {
    const row = UUID.test(id) ? await this.submissions.find(id) : null;
    if (!row || !mayReadClient(reader, row.clientId)) throw new NotFoundError('No such submission');
    const file = row.files.find((f) => f.fieldKey === fieldKey);
    if (!file) throw new NotFoundError('This submission has no file for that field');
    await this.logRead(reader, id, 'file', now);
    const seconds = this.config.DOWNLOAD_URL_SECONDS;
    const url = await this.store.downloadUrl(file.storageKey, { fileName: file.fileName, contentType: file.contentType, seconds });
    return { url, expiresAt: new Date(now.getTime() + seconds * 1000).toISOString() };
  }

  async reads(reader: Reader, id: string): Promise<SubmissionReadView[]> {
    const row = UUID.test(id) ? await this.submissions.find(id) : null;
    if (!row || !mayReadReads(reader) || !mayReadClient(reader, row.clientId)) throw new NotFoundError('No such submission');
    return (await this.submissions.reads(id)).map(toReadView);
  }

  async listForForm(formId: string, limit = 100): Promise<SubmissionSummary[]> {
    if (!isFormId(formId) || !(await this.forms.find(formId))) throw new NotFoundError('No such form');
    return (await this.submissions.listForForm(formId, Math.min(Math.max(limit, 1), 500))).map(toSubmissionSummary);
  }

  /**
   * The client profile's forms: due (a live link), filled (a submission, with its integrity check and,
   * for staff, who read it when), expired (a link whose date passed).
   */
  async clientForms(reader: Reader, clientId: string, now: Date): Promise<ClientFormView[]> {
    if (!UUID.test(clientId)) throw new NotFoundError('No such client');
    if (!mayReadClient(reader, clientId)) {
      if (reader.auth.role === 'client') throw new NotFoundError('No such client');
      throw new ForbiddenError('Forbidden: requires view_clients');
    }
    const requests = await this.submissions.requestsForClient(clientId);
    const filled = await this.submissions.listForClient(clientId);
    const byId = new Map(filled.map((s) => [s.id, s]));
    const staff = mayReadReads(reader);
    const reads = new Map<string, SubmissionReadView[]>();
    if (staff)
      for (const r of await this.submissions.readsOf(filled.map((s) => s.id)))
        reads.set(r.submissionId, [...(reads.get(r.submissionId) ?? []), toReadView(r)]);
    const evidence = (submissionId: string | null) => {
      const row = submissionId ? byId.get(submissionId) : undefined;
      if (!row) return { intact: null, reads: null, files: null };
      return { intact: rowIntact(row), reads: staff ? (reads.get(row.id) ?? []) : null, files: row.files.map(toFileView) };
    };
    const viaRequest = new Set(requests.map((r) => r.submissionId).filter(Boolean));
    return [
      ...requests.map((r) => ({ ...this.requestView(r, now), ...evidence(r.submissionId) })),
      ...filled
        .filter((s) => !viaRequest.has(s.id))
        .map((s): ClientFormView => ({
          formId: s.formId,
          formName: s.formName,
          status: 'filled',
          link: null,
          appointmentId: s.appointmentId,
          dueAt: null,
          submissionId: s.id,
          signedAt: new Date(s.signedAt).toISOString(),
          ...evidence(s.id),
        })),
    ];
  }

  /** Asks a client for a form: a link of their own (`/forms/{id}?r=…`) that ties the submission to them. */
  async request(formId: string, input: unknown, now: Date): Promise<ClientFormView> {
    const form = isFormId(formId) ? await this.forms.find(formId) : null;
    if (!form || form.archived) throw new NotFoundError('No such form');
    const r = parseInput(formRequestInputSchema, input);
    await this.references.require({ clients: [{ field: 'clientId', id: r.clientId }] });
    const token = newRequestToken();
    await this.dataSource.transaction((m) =>
      this.submissions.insertRequest(m, {
        tokenSha256: sha256Hex(token),
        token,
        formId,
        clientId: r.clientId,
        appointmentId: r.appointmentId,
        dueAt: null,
        expiresAt: new Date(now.getTime() + r.validDays * 86_400_000),
      }),
    );
    const made = (await this.submissions.findRequestByToken(undefined, sha256Hex(token)))!;
    return this.requestView(made, now);
  }

  private requestView(r: FormRequestRow, now: Date): ClientFormView {
    const status = r.submissionId ? 'filled' : new Date(r.expiresAt) <= now ? 'expired' : 'due';
    return {
      formId: r.formId,
      formName: r.formName,
      status,
      link: status === 'due' ? this.requestLink(r) : null,
      appointmentId: r.appointmentId,
      dueAt: r.dueAt ? new Date(r.dueAt).toISOString() : null,
      submissionId: r.submissionId,
      signedAt: r.signedAt ? new Date(r.signedAt).toISOString() : null,
      intact: null,
      reads: null,
      files: null,
    };
  }

  private requestLink(r: FormRequestRow): string {
    return `${this.config.PUBLIC_URL.replace(/\/+$/, '')}/forms/${r.formId}?r=${r.token}`;
  }
}
