import { Inject, Injectable } from '@nestjs/common';
import {
  formRequestInputSchema,
  PERMISSIONS,
  satisfies,
  type BookedFormView,
  type ClientFormView,
  type PublicFormView,
  type SubmissionSummary,
  type SubmissionView,
} from '@salon/contracts';
import { APP_CONFIG, ForbiddenError, NotFoundError, parseInput, ReferenceCheck, type AuthContext } from '@salon/nest-kit';
import { DataSource } from 'typeorm';
import type { DocumentsConfig } from '../../../config.js';
import { newRequestToken } from '../../documents/domain/public-link.rules.js';
import { FormRepository } from '../../forms/persistence/form.repository.js';
import { isFormId } from '../../forms/use-cases/form-view.js';
import { sha256Hex, submissionIntact } from '../domain/submission-hash.rules.js';
import { BusinessDirectory } from '../persistence/business-directory.provider.js';
import { SubmissionRepository, type FormRequestRow, type SubmissionRow } from '../persistence/submission.repository.js';

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
    await this.submissions.logRead(undefined, {
      submissionId: id,
      readerId: UUID.test(reader.auth.userId) ? reader.auth.userId : null,
      readerRole: reader.auth.role,
      via,
    });
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
      intact: submissionIntact(
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
      ),
      files: row.files.map((f) => ({ fieldKey: f.fieldKey, fileName: f.fileName, contentType: f.contentType, size: f.size })),
    };
  }

  async reads(reader: Reader, id: string) {
    const row = UUID.test(id) ? await this.submissions.find(id) : null;
    if (!row || reader.auth.role === 'client' || !mayReadClient(reader, row.clientId)) throw new NotFoundError('No such submission');
    return (await this.submissions.reads(id)).map((r) => ({ readerId: r.readerId, readAt: new Date(r.readAt).toISOString(), via: r.via }));
  }

  async listForForm(formId: string, limit = 100): Promise<SubmissionSummary[]> {
    if (!isFormId(formId) || !(await this.forms.find(formId))) throw new NotFoundError('No such form');
    return (await this.submissions.listForForm(formId, Math.min(Math.max(limit, 1), 500))).map(toSubmissionSummary);
  }

  /** The client profile's forms: due (a live link), filled (a submission), expired (a link whose date passed). */
  async clientForms(reader: Reader, clientId: string, now: Date): Promise<ClientFormView[]> {
    if (!UUID.test(clientId)) throw new NotFoundError('No such client');
    if (!mayReadClient(reader, clientId)) {
      if (reader.auth.role === 'client') throw new NotFoundError('No such client');
      throw new ForbiddenError('Forbidden: requires view_clients');
    }
    const requests = await this.submissions.requestsForClient(clientId);
    const filled = await this.submissions.listForClient(clientId);
    const viaRequest = new Set(requests.map((r) => r.submissionId).filter(Boolean));
    return [
      ...requests.map((r) => this.requestView(r, now)),
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
    };
  }

  private requestLink(r: FormRequestRow): string {
    return `${this.config.PUBLIC_URL.replace(/\/+$/, '')}/forms/${r.formId}?r=${r.token}`;
  }
}
