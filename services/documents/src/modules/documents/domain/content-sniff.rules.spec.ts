import { describe, expect, it } from 'vitest';
import { safeFileName, sniffContentType, uploadProblem } from './content-sniff.rules.js';

const bytes = (...b: number[]) => Uint8Array.from(b);
const text = (s: string) => new TextEncoder().encode(s);

describe('sniffContentType', () => {
  it('reads the kind from the first bytes', () => {
    expect(sniffContentType(text('%PDF-1.7\n'))).toBe('application/pdf');
    expect(sniffContentType(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0))).toBe('image/png');
    expect(sniffContentType(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe('image/jpeg');
    expect(sniffContentType(text('RIFF\0\0\0\0WEBPVP8 '))).toBe('image/webp');
    expect(sniffContentType(text('Aftercare: rinse with cool water.\nNo heat for 48 hours — thanks!'))).toBe('text/plain');
  });

  it('knows nothing of a renamed executable or broken text', () => {
    expect(sniffContentType(bytes(0x4d, 0x5a, 0x90, 0x00))).toBeNull();
    expect(sniffContentType(bytes(0xc3, 0x28, 0x41))).toBeNull();
    expect(sniffContentType(text('PDF-1.7 (no percent sign)\u0001'))).toBeNull();
  });
});

describe('uploadProblem', () => {
  const pdf = text('%PDF-1.4 …');
  it('refuses empty, too large and disallowed files, whatever their name says', () => {
    expect(uploadProblem(new Uint8Array(), 10, ['application/pdf'])).toBe('is empty');
    expect(uploadProblem(pdf, 5, ['application/pdf'])).toMatch(/^is larger than/);
    expect(uploadProblem(text('just text'), 100, ['application/pdf'])).toMatch(/^is not a kind of file kept here/);
    expect(uploadProblem(pdf, 100, ['application/pdf'])).toBeNull();
  });
});

describe('safeFileName', () => {
  it('keeps letters, digits and simple punctuation, never a path', () => {
    expect(safeFileName('../../etc/passwd')).toBe('.._.._etc_passwd');
    expect(safeFileName('Consent "form"; v2.pdf')).toBe('Consent form v2.pdf');
    expect(safeFileName('***')).toBe('file');
  });
});
