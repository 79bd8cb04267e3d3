import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  FORM_UPLOAD_MAX_BYTES,
  formFields,
  submissionInputSchema,
  type DocumentContentType,
  type SubmissionReceipt,
} from '@salon/contracts';
import { APP_CONFIG, ConflictError, NotFoundError, OutboxWriter, parseInput, ValidationFailedError } from '@salon/nest-kit';
import { DataSource } from 'typeorm';
import type { DocumentsConfig } from '../../../config.js';
import { safeFileName, sniffContentType, uploadProblem } from '../../documents/domain/content-sniff.rules.js';
import { retainUntil } from '../../documents/domain/public-link.rules.js';
import { DocumentRepository } from '../../documents/persistence/document.repository.js';
import { answerableVersion } from '../../forms/domain/form-versions.rules.js';
import { FormRepository } from '../../forms/persistence/form.repository.js';
import { isFormId } from '../../forms/use-cases/form-view.js';
import { FileStore } from '../../storage/persistence/file-store.provider.js';
import { checkAnswers } from '../domain/answers.rules.js';
import { sha256Hex, submissionHash } from '../domain/submission-hash.rules.js';
import { BusinessDirectory } from '../persistence/business-directory.provider.js';
import { SubmissionPdfRenderer } from '../persistence/submission-pdf.provider.js';
import { SubmissionRepository, type StoredFile } from '../persistence/submission.repository.js';

const IMAGES: DocumentContentType[] = ['image/png', 'image/jpeg', 'image/webp'];
const UPLOADS: DocumentContentType[] = ['application/pdf', ...IMAGES];

export interface SubmissionOrigin {
  ip: string;
  userAgent: string;
  now: Date;
}

/**
 * A client fills a form on the public page: the answers are checked against the version shown, the
 * signature and files are sniffed and stored, the canonical content is hashed, the PDF is made and
 * kept as the client's document, and `documents.form.submitted.v1` goes out through the outbox.
 */
@Injectable()
export class SubmitFormUseCase {
  constructor(
    private readonly dataSource: DataSource,
    private readonly forms: FormRepository,
    private readonly submissions: SubmissionRepository,
    private readonly documents: DocumentRepository,
    private readonly store: FileStore,
    private readonly pdf: SubmissionPdfRenderer,
    private readonly business: BusinessDirectory,
    private readonly outbox: OutboxWriter,
    @Inject(APP_CONFIG) private readonly config: DocumentsConfig,
  ) {}

  async execute(formId: string, input: unknown, origin: SubmissionOrigin): Promise<SubmissionReceipt> {
    if (!isFormId(formId)) throw new NotFoundError('No such form');
    const s = parseInput(submissionInputSchema, input);
    const form = await this.forms.find(formId);
    if (!form || form.archived || form.publishedVersion === null) throw new NotFoundError('No such form');
    const published = (await this.forms.versions(formId)).map((v) => v.version);
    if (!answerableVersion(s.version, published)) throw ValidationFailedError.field('version', 'is not a published version of this form');
    const version = (await this.forms.findVersion(formId, s.version))!;

    const requestHash = s.request ? sha256Hex(s.request) : null;
    const request = requestHash ? await this.submissions.findRequestByToken(undefined, requestHash) : null;
    if (s.request && (!request || request.formId !== formId)) throw ValidationFailedError.field('request', 'is not a link to this form');
    if (request?.submissionId) throw new ConflictError('This form was already filled from this link', null, 'request');
    if (request && new Date(request.expiresAt) <= origin.now) throw ValidationFailedError.field('request', 'this link has expired');

    const checked = checkAnswers(version.definition, s.answers, s.signature !== null);
    const problems = [...checked.problems];
    const signaturePng = s.signature ? Buffer.from(s.signature.imagePng, 'base64') : null;
    if (signaturePng && sniffContentType(signaturePng) !== 'image/png')
      problems.push({ field: 'signature.imagePng', message: 'must be a PNG image' });
    const fields = new Map(formFields(version.definition).map((f) => [f.key, f]));
    const uploads: { fieldKey: string; bytes: Buffer; fileName: string; contentType: DocumentContentType }[] = [];
    for (const [key, file] of Object.entries(checked.files)) {
      const bytes = Buffer.from(file.data, 'base64');
      const allowed = fields.get(key)?.accept === 'photo' ? IMAGES : UPLOADS;
      const problem = uploadProblem(bytes, FORM_UPLOAD_MAX_BYTES, allowed);
      if (problem) problems.push({ field: `answers.${key}`, message: problem });
      else uploads.push({ fieldKey: key, bytes, fileName: safeFileName(file.fileName), contentType: sniffContentType(bytes)! });
    }
    if (problems.length) throw new ValidationFailedError(problems);

    const id = randomUUID();
    const signedAt = origin.now;
    const clientId = request?.clientId ?? null;
    const appointmentId = request?.appointmentId ?? null;
    const files: StoredFile[] = uploads.map((u) => ({
      fieldKey: u.fieldKey,
      fileName: u.fileName,
      contentType: u.contentType,
      size: u.bytes.length,
      sha256: sha256Hex(u.bytes),
      storageKey: `submissions/${id}/files/${u.fieldKey}`,
    }));
    const answers = { ...checked.answers };
    for (const f of files) answers[f.fieldKey] = { fileName: f.fileName, contentType: f.contentType, size: f.size, sha256: f.sha256 };
    const signatureSha256 = signaturePng ? sha256Hex(signaturePng) : null;
    const ip = origin.ip.slice(0, 100);
    const userAgent = origin.userAgent.slice(0, 500);
    const contentSha256 = submissionHash({
      formId,
      version: s.version,
      definition: version.definition,
      answers,
      clientId,
      signerName: s.signature?.name ?? null,
      signatureSha256,
      files: Object.fromEntries(files.map((f) => [f.fieldKey, f.sha256])),
      signedAt: signedAt.toISOString(),
      ip,
      userAgent,
    });
    const businessName = await this.business.businessName();
    const pdf = await this.pdf.render({
      businessName,
      formName: version.name,
      version: s.version,
      definition: version.definition,
      answers,
      signerName: s.signature?.name ?? null,
      signaturePng,
      signedAt,
      timeZone: this.config.DEFAULT_TIME_ZONE,
      ip,
      userAgent,
      contentSha256,
      submissionId: id,
    });
    // Files first: a failed write leaves at most unreferenced objects, never a row naming a missing file.
    const signatureKey = signaturePng ? `submissions/${id}/signature.png` : null;
    const pdfKey = `submissions/${id}/${id}.pdf`;
    if (signaturePng) await this.store.put(signatureKey!, signaturePng, 'image/png');
    for (const [i, u] of uploads.entries()) await this.store.put(files[i]!.storageKey, u.bytes, u.contentType);
    await this.store.put(pdfKey, pdf, 'application/pdf');

    const documentId = randomUUID();
    await this.dataSource.transaction(async (m) => {
      if (request) {
        const locked = await this.submissions.findRequestByToken(m, requestHash!, true);
        if (locked?.submissionId) throw new ConflictError('This form was already filled from this link', null, 'request');
      }
      await this.submissions.insert(m, {
        id,
        formId,
        version: s.version,
        clientId,
        appointmentId,
        requestId: request?.id ?? null,
        answers,
        signerName: s.signature?.name ?? null,
        signatureKey,
        signatureSha256,
        files,
        signedAt,
        ip,
        userAgent,
        contentSha256,
      });
      await this.documents.insert(m, {
        id: documentId,
        title: `${version.name} — signed ${signedAt.toISOString().slice(0, 10)}`,
        description: null,
        kind: 'form_pdf',
        fileName: `${safeFileName(version.name)}.pdf`,
        contentType: 'application/pdf',
        size: pdf.length,
        sha256: sha256Hex(pdf),
        storageKey: pdfKey,
        clientId,
        submissionId: id,
        createdBy: null,
        retainUntil: retainUntil(signedAt),
      });
      await this.submissions.setDocument(m, id, documentId);
      if (request) await this.submissions.markRequestSubmitted(m, request.id, id);
      await this.outbox.append(m, {
        type: 'documents.form.submitted.v1',
        aggregateType: 'form',
        aggregateId: formId,
        actor: { type: 'client', id: clientId },
        payload: {
          submissionId: id,
          formId,
          version: s.version,
          formName: version.name,
          clientId,
          appointmentId,
          signedAt: signedAt.toISOString(),
          contentSha256,
          documentId,
        },
      });
    });
    return { id, signedAt: signedAt.toISOString(), contentSha256 };
  }
}
