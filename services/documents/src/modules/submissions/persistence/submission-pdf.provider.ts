import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Injectable } from '@nestjs/common';
import { formFields, type FormDefinition } from '@salon/contracts';
import PDFDocument from 'pdfkit';
import { answerText } from '../domain/answers.rules.js';
import { isRightToLeft, needsActualText, pdfScriptOf, textRuns, type PdfScript } from '../domain/pdf-script.rules.js';

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

export type Weight = 'regular' | 'bold' | 'oblique';

/**
 * The fonts, embedded and subset by pdfkit (the standard PDF fonts cover Latin-1 only), each file
 * read once per process and only when a PDF needs it:
 * - DejaVu Sans (dejavu-fonts-ttf): Latin (Polish, Vietnamese…), Greek, Cyrillic, and Arabic with
 *   precomposed letters (so a reader maps each glyph back to one letter);
 * - Noto Sans SC (@expo-google-fonts/noto-sans-sc): Chinese and Japanese (kana included), with Latin;
 * - Noto Sans Devanagari (@expo-google-fonts/noto-sans-devanagari): Hindi, Marathi, Nepali, with Latin;
 * - Noto Sans Bengali and Noto Sans Tamil (@fontsource, their script's WOFF subset only: the Latin
 *   around them is drawn apart).
 * There is no oblique CJK or Indic face: consent texts in them are drawn upright.
 */
const requireHere = createRequire(import.meta.url);
const dirOf = (pkg: string) => dirname(requireHere.resolve(`${pkg}/package.json`));
const FONT_FILES: Record<PdfScript, Record<Weight, () => string>> = {
  default: {
    regular: () => join(dirOf('dejavu-fonts-ttf'), 'ttf', 'DejaVuSans.ttf'),
    bold: () => join(dirOf('dejavu-fonts-ttf'), 'ttf', 'DejaVuSans-Bold.ttf'),
    oblique: () => join(dirOf('dejavu-fonts-ttf'), 'ttf', 'DejaVuSans-Oblique.ttf'),
  },
  cjk: {
    regular: () => join(dirOf('@expo-google-fonts/noto-sans-sc'), '400Regular', 'NotoSansSC_400Regular.ttf'),
    bold: () => join(dirOf('@expo-google-fonts/noto-sans-sc'), '700Bold', 'NotoSansSC_700Bold.ttf'),
    oblique: () => join(dirOf('@expo-google-fonts/noto-sans-sc'), '400Regular', 'NotoSansSC_400Regular.ttf'),
  },
  bengali: {
    regular: () => join(dirOf('@fontsource/noto-sans-bengali'), 'files', 'noto-sans-bengali-bengali-400-normal.woff'),
    bold: () => join(dirOf('@fontsource/noto-sans-bengali'), 'files', 'noto-sans-bengali-bengali-700-normal.woff'),
    oblique: () => join(dirOf('@fontsource/noto-sans-bengali'), 'files', 'noto-sans-bengali-bengali-400-normal.woff'),
  },
  tamil: {
    regular: () => join(dirOf('@fontsource/noto-sans-tamil'), 'files', 'noto-sans-tamil-tamil-400-normal.woff'),
    bold: () => join(dirOf('@fontsource/noto-sans-tamil'), 'files', 'noto-sans-tamil-tamil-700-normal.woff'),
    oblique: () => join(dirOf('@fontsource/noto-sans-tamil'), 'files', 'noto-sans-tamil-tamil-400-normal.woff'),
  },
  devanagari: {
    regular: () => join(dirOf('@expo-google-fonts/noto-sans-devanagari'), '400Regular', 'NotoSansDevanagari_400Regular.ttf'),
    bold: () => join(dirOf('@expo-google-fonts/noto-sans-devanagari'), '700Bold', 'NotoSansDevanagari_700Bold.ttf'),
    oblique: () => join(dirOf('@expo-google-fonts/noto-sans-devanagari'), '400Regular', 'NotoSansDevanagari_400Regular.ttf'),
  },
};
/** The font file a script's text is drawn with (the spec checks each run's letters are in it). */
export function pdfFontFile(script: PdfScript, weight: Weight = 'regular'): string {
  return FONT_FILES[script][weight]();
}
const loaded = new Map<string, Buffer>();
function fontBytes(script: PdfScript, weight: Weight): Buffer {
  const path = FONT_FILES[script][weight]();
  let bytes = loaded.get(path);
  if (!bytes) loaded.set(path, (bytes = readFileSync(path)));
  return bytes;
}

/**
 * One piece of text in the font its script needs. Right-to-left text (Arabic) is laid out as one
 * run, so fontkit joins its letters and orders the line right to left, and is set flush right.
 * Indic text carries its reading order in an ActualText span (a reader would otherwise read the
 * shaped glyphs' order: the i-matra before its consonant).
 */
function write(doc: PDFKit.PDFDocument, weight: Weight, size: number, text: string): void {
  const use = (piece: string) => {
    const script = pdfScriptOf(piece);
    const name = `${script}-${weight}`;
    if (!registered.get(doc)?.has(name)) {
      doc.registerFont(name, fontBytes(script, weight));
      registered.set(doc, (registered.get(doc) ?? new Set()).add(name));
    }
    doc.font(name).fontSize(size);
  };
  const actual = needsActualText(text);
  if (actual) doc.markContent('Span', { actual: text } as PDFKit.Mixins.MarkingOptions);
  const runs = textRuns(text);
  if (runs.length <= 1) {
    use(text);
    doc.text(text, isRightToLeft(text) ? { align: 'right', features: [] } : {});
  } else {
    // A line of several runs (both ways, or Bengali/Tamil amid Latin): each laid out on its own, in
    // visual order (a right-to-left line's runs from the right; kept per line only if it wraps).
    const ordered = runs[0]!.rtl ? [...runs].reverse() : runs;
    ordered.forEach((run, i) => {
      use(run.text);
      doc.text(run.text, { continued: i < ordered.length - 1, features: [] });
    });
  }
  if (actual) doc.endMarkedContent();
}
const registered = new WeakMap<PDFKit.PDFDocument, Set<string>>();

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
      const chunks: Buffer[] = [];
      doc.on('data', (chunk: Buffer) => chunks.push(chunk));
      doc.on('end', () => resolve(Buffer.concat(chunks)));
      doc.on('error', reject);

      write(doc, 'bold', 18, c.businessName);
      if (isRightToLeft(c.formName)) {
        write(doc, 'regular', 14, c.formName);
        write(doc, 'regular', 10, `Version ${c.version}`);
      } else write(doc, 'regular', 14, `${c.formName} (version ${c.version})`);
      doc.moveDown();
      const fieldsByKey = new Map(formFields(c.definition).map((f) => [f.key, f]));
      for (const section of c.definition.sections) {
        const answered = section.fields.filter((f) => f.type !== 'signature' && c.answers[f.key] !== undefined);
        if (!answered.length) continue;
        write(doc, 'bold', 12, section.title);
        doc.moveDown(0.3);
        for (const field of answered) {
          write(doc, 'bold', 10, field.label);
          if (field.type === 'consent' && field.consentText) write(doc, 'oblique', 9, field.consentText);
          write(doc, 'regular', 10, answerText(fieldsByKey.get(field.key)!, c.answers[field.key]));
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
        write(doc, 'bold', 12, 'Signature');
        doc.image(Buffer.from(c.signaturePng), { fit: [240, 90] });
        doc.moveDown(0.3);
      }
      // A right-to-left name goes on a line of its own (one line cannot run both ways here).
      const signer = c.signerName ?? '(no signature)';
      if (isRightToLeft(signer)) {
        write(doc, 'regular', 10, 'Signed by:');
        write(doc, 'regular', 10, signer);
      } else write(doc, 'regular', 10, `Signed by: ${signer}`);
      write(doc, 'regular', 10, `Signed at: ${signedAt} (${c.signedAt.toISOString()})`);
      doc.moveDown();
      doc.fillColor('#444444');
      write(doc, 'regular', 8, `Submission ${c.submissionId}; IP ${c.ip}; ${c.userAgent}`);
      write(doc, 'regular', 8, `SHA-256 of the signed content: ${c.contentSha256}`);
      doc.end();
    });
  }
}
