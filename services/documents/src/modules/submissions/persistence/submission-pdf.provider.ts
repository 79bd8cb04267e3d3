import { Injectable } from '@nestjs/common';
import { formFields, type FormDefinition } from '@salon/contracts';
import PDFDocument from 'pdfkit';
import { answerText } from '../domain/answers.rules.js';

export interface SubmissionPdfContent {
  businessName: string;
  formName: string;
  version: number;
  definition: FormDefinition;
  answers: Record<string, unknown>;
  signerName: string | null;
  signaturePng: Uint8Array | null;
  signedAt: Date;
  timeZone: string;
  ip: string;
  userAgent: string;
  contentSha256: string;
  submissionId: string;
}

/** The standard PDF fonts cover Latin-1 only; anything else prints as "?" rather than as broken glyphs. */
const latin1 = (text: string) => text.replace(/[^\t\n\r\u0020-\u00ff]/g, '?');

/**
 * A submission as a PDF (pdfkit): the salon's name, the form and version, every shown question with
 * its answer, the consent texts as accepted, the signature image with the typed name, and the
 * evidence (time, IP, user agent, SHA-256) at the foot.
 */
@Injectable()
export class SubmissionPdfRenderer {
  render(c: SubmissionPdfContent): Promise<Buffer> {
    return new Promise((resolve, reject) => {
      const doc = new PDFDocument({ size: 'LETTER', margin: 54, info: { Title: latin1(c.formName), Author: latin1(c.businessName) } });
      const chunks: Buffer[] = [];
      doc.on('data', (chunk: Buffer) => chunks.push(chunk));
      doc.on('end', () => resolve(Buffer.concat(chunks)));
      doc.on('error', reject);

      doc.font('Helvetica-Bold').fontSize(18).text(latin1(c.businessName));
      doc
        .font('Helvetica')
        .fontSize(14)
        .text(latin1(`${c.formName} (version ${c.version})`));
      doc.moveDown();
      const fieldsByKey = new Map(formFields(c.definition).map((f) => [f.key, f]));
      for (const section of c.definition.sections) {
        const answered = section.fields.filter((f) => f.type !== 'signature' && c.answers[f.key] !== undefined);
        if (!answered.length) continue;
        doc.font('Helvetica-Bold').fontSize(12).text(latin1(section.title));
        doc.moveDown(0.3);
        for (const field of answered) {
          doc.font('Helvetica-Bold').fontSize(10).text(latin1(field.label));
          if (field.type === 'consent' && field.consentText) doc.font('Helvetica-Oblique').fontSize(9).text(latin1(field.consentText));
          doc
            .font('Helvetica')
            .fontSize(10)
            .text(latin1(answerText(fieldsByKey.get(field.key)!, c.answers[field.key])));
          doc.moveDown(0.4);
        }
        doc.moveDown(0.5);
      }
      const signedAt = new Intl.DateTimeFormat('en-US', {
        timeZone: c.timeZone,
        dateStyle: 'medium',
        timeStyle: 'long',
      }).format(c.signedAt);
      if (c.signaturePng) {
        doc.font('Helvetica-Bold').fontSize(12).text('Signature');
        doc.image(Buffer.from(c.signaturePng), { fit: [240, 90] });
        doc.moveDown(0.3);
      }
      doc
        .font('Helvetica')
        .fontSize(10)
        .text(latin1(`Signed by: ${c.signerName ?? '(no signature)'}`));
      doc.text(`Signed at: ${signedAt} (${c.signedAt.toISOString()})`);
      doc.moveDown();
      doc.fontSize(8).fillColor('#444444');
      doc.text(latin1(`Submission ${c.submissionId}; IP ${c.ip}; ${c.userAgent}`));
      doc.text(`SHA-256 of the signed content: ${c.contentSha256}`);
      doc.end();
    });
  }
}
