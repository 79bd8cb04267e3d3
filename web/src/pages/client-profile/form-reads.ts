import { formatDateTime } from '../../lib/format';

export interface FormRead {
  readerId: string | null;
  readerRole: string;
  readAt: string;
  via: string;
}

const VIA: Record<string, string> = {
  rest: 'the answers',
  graphql: 'the answers',
  pdf: 'the signed PDF',
  'pdf-preview': 'the signed PDF (preview)',
  file: 'an uploaded file',
};

/**
 * One line of a filled form's read log: who (a staff name when the viewer may see staff, else their
 * role), what they opened, and when.
 */
export function readLine(read: FormRead, names: ReadonlyMap<string, string>): string {
  const who =
    read.readerRole === 'client'
      ? 'The client'
      : ((read.readerId && names.get(read.readerId)) ?? (read.readerRole === 'admin' ? 'An admin' : 'A staff member'));
  return `${who} opened ${VIA[read.via] ?? read.via} · ${formatDateTime(read.readAt)}`;
}

/** The integrity check in words: what the badge says. */
export function integrityLabel(intact: boolean | null | undefined): string | null {
  if (intact === null || intact === undefined) return null;
  return intact ? 'Intact' : 'Changed after signing';
}
