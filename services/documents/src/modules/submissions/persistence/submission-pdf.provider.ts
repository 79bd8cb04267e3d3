import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
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

/**
 * DejaVu Sans (the dejavu-fonts-ttf package), embedded and subset by pdfkit: the standard PDF fonts
 * cover Latin-1 only, and names and answers come in Polish, Vietnamese, Greek, Cyrillic and more.
 * Read once per process.
 */
const FONT_DIR = dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json'));
let fonts: { regular: Buffer; bold: Buffer; oblique: Buffer } | null = null;
function loadFonts() {
  fonts ??= {
    regular: readFileSync(join(FONT_DIR, 'ttf', 'DejaVuSans.ttf')),
    bold: readFileSync(join(FONT_DIR, 'ttf', 'DejaVuSans-Bold.ttf')),
    oblique: readFileSync(join(FONT_DIR, 'ttf', 'DejaVuSans-Oblique.ttf')),
  };
  return fonts;
}

/**
 * A submission as a PDF (pdfkit): the salon's name, the form and version, every shown question with
 * its answer, the consent texts as accepted, the signature image with the typed name, and the
 * evidence (time, IP, user agent, SHA-256) at the foot.
 */
@Injectable()
export class SubmissionPdfRenderer {
  render(c: SubmissionPdfContent): Promise<Buffer> {
    return new Promise((resolve, reject) => {
      const doc = new PDFDocument({ size: 'LETTER', margin: 54, font: '', info: { Title: c.formName, Author: c.businessName } });
      const f = loadFonts();
      doc.registerFont('Text', f.regular);
      doc.registerFont('Text-Bold', f.bold);
      doc.registerFont('Text-Oblique', f.oblique);
      const chunks: Buffer[] = [];
      doc.on('data', (chunk: Buffer) => chunks.push(chunk));
      doc.on('end', () => resolve(Buffer.concat(chunks)));
      doc.on('error', reject);

      doc.font('Text-Bold').fontSize(18).text(c.businessName);
      doc.font('Text').fontSize(14).text(`${c.formName} (version ${c.version})`);
      doc.moveDown();
      const fieldsByKey = new Map(formFields(c.definition).map((f) => [f.key, f]));
      for (const section of c.definition.sections) {
        const answered = section.fields.filter((f) => f.type !== 'signature' && c.answers[f.key] !== undefined);
        if (!answered.length) continue;
        doc.font('Text-Bold').fontSize(12).text(section.title);
        doc.moveDown(0.3);
        for (const field of answered) {
          doc.font('Text-Bold').fontSize(10).text(field.label);
          if (field.type === 'consent' && field.consentText) doc.font('Text-Oblique').fontSize(9).text(field.consentText);
          doc
            .font('Text')
            .fontSize(10)
            .text(answerText(fieldsByKey.get(field.key)!, c.answers[field.key]));
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
        doc.font('Text-Bold').fontSize(12).text('Signature');
        doc.image(Buffer.from(c.signaturePng), { fit: [240, 90] });
        doc.moveDown(0.3);
      }
      doc
        .font('Text')
        .fontSize(10)
        .text(`Signed by: ${c.signerName ?? '(no signature)'}`);
      doc.text(`Signed at: ${signedAt} (${c.signedAt.toISOString()})`);
      doc.moveDown();
      doc.fontSize(8).fillColor('#444444');
      doc.text(`Submission ${c.submissionId}; IP ${c.ip}; ${c.userAgent}`);
      doc.text(`SHA-256 of the signed content: ${c.contentSha256}`);
      doc.end();
    });
  }
}
