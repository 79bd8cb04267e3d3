import type { DocumentContentType } from '@salon/contracts';

/**
 * What a file is, from its first bytes (its "magic number"), never from its name or the type the
 * browser claimed: a file named .pdf that is not a PDF is refused. Null: not a kind we keep.
 */
export function sniffContentType(bytes: Uint8Array): DocumentContentType | null {
  const starts = (...sig: number[]) => sig.every((b, i) => bytes[i] === b);
  if (starts(0x25, 0x50, 0x44, 0x46, 0x2d)) return 'application/pdf'; // %PDF-
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (starts(0x52, 0x49, 0x46, 0x46) && bytes[8] === 0x57 && bytes[9] === 0x45 && bytes[10] === 0x42 && bytes[11] === 0x50)
    return 'image/webp';
  if (bytes.length > 0 && isPlainText(bytes)) return 'text/plain';
  return null;
}

/** UTF-8 without NULs or other control characters except tab and line breaks (first 4 KB). */
function isPlainText(bytes: Uint8Array): boolean {
  const head = bytes.subarray(0, 4096);
  for (const b of head) if (b === 0 || (b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d) || b === 0x7f) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(head.length === bytes.length ? head : trimPartial(head));
    return true;
  } catch {
    return false;
  }
}

/** Cuts a possibly split multi-byte character off the end of a prefix. */
function trimPartial(head: Uint8Array): Uint8Array {
  let end = head.length;
  for (let i = 0; i < 3 && end > 0 && (head[end - 1]! & 0xc0) === 0x80; i++) end--;
  if (end > 0 && (head[end - 1]! & 0xc0) === 0xc0) end--;
  return head.subarray(0, end);
}

/** The problem with an upload, or null: empty, too large, or of a kind not kept (with what its bytes say). */
export function uploadProblem(bytes: Uint8Array, maxBytes: number, allowed: readonly DocumentContentType[]): string | null {
  if (bytes.length === 0) return 'is empty';
  if (bytes.length > maxBytes) return `is larger than ${Math.round(maxBytes / 1_000_000)} MB`;
  const type = sniffContentType(bytes);
  if (!type || !allowed.includes(type)) return `is not a kind of file kept here (${allowed.join(', ')}): its content says otherwise`;
  return null;
}

/** A file name safe to show and to put in a Content-Disposition header. */
export function safeFileName(name: string): string {
  const cleaned = name
    .replace(/[\\/]/g, '_')
    .replace(/[^\p{L}\p{N} ._()-]/gu, '')
    .trim();
  return cleaned.slice(-150) || 'file';
}
