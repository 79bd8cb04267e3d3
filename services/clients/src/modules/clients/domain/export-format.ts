import type { Client } from '@salon/contracts';

/** A note as the export writes it (the Note of docs/clients-api.md). */
export interface ExportNote {
  id: string;
  clientId: string;
  body: string | null;
  templateId: string | null;
  templateName: string | null;
  values: Record<string, unknown> | null;
  pinned: boolean;
  authorId: string;
  authorName: string | null;
  createdAt: string;
  updatedAt: string;
  version: number;
}

export type ExportClient = Omit<Client, 'possibleDuplicateCount'> & { notes: ExportNote[] };

export const CSV_COLUMNS = [
  'id',
  'firstName',
  'lastName',
  'phone',
  'email',
  'birthday',
  'addressLine1',
  'addressLine2',
  'city',
  'region',
  'postalCode',
  'country',
  'preferredLocationId',
  'preferredStaffId',
  'tags',
  'alerts',
  'source',
  'smsConsent',
  'smsConsentAt',
  'smsConsentMethod',
  'emailConsent',
  'emailConsentAt',
  'emailConsentMethod',
  'lastVisitAt',
  'createdAt',
  'updatedAt',
  'notes',
] as const;

function noteText(n: ExportNote): string {
  const head = `[${n.createdAt.slice(0, 16).replace('T', ' ')}${n.authorName ? ` ${n.authorName}` : ''}${n.pinned ? ' pinned' : ''}]`;
  const parts: string[] = [];
  if (n.templateName) parts.push(`${n.templateName}:`);
  if (n.values)
    for (const [k, v] of Object.entries(n.values)) parts.push(`${k}: ${typeof v === 'boolean' ? (v ? 'yes' : 'no') : String(v)}`);
  if (n.body) parts.push(n.body);
  return `${head} ${parts.join(' ')}`;
}

/** One CSV row per client: tags joined with "; ", alerts as "kind: text", notes concatenated (written by nest-kit's csv-writer, which makes formula cells safe). */
export function csvRow(c: ExportClient): string[] {
  const a = c.address ?? {};
  return [
    c.id,
    c.firstName,
    c.lastName ?? '',
    c.phone ?? '',
    c.email ?? '',
    c.birthday ?? '',
    a.line1 ?? '',
    a.line2 ?? '',
    a.city ?? '',
    a.region ?? '',
    a.postalCode ?? '',
    a.country ?? '',
    c.preferredLocationId ?? '',
    c.preferredStaffId ?? '',
    c.tags.join('; '),
    c.alerts.map((x) => `${x.kind}: ${x.text}${x.critical ? ' (critical)' : ''}`).join('; '),
    c.source ?? '',
    c.smsConsent.granted ? 'yes' : 'no',
    c.smsConsent.changedAt ?? '',
    c.smsConsent.method ?? '',
    c.emailConsent.granted ? 'yes' : 'no',
    c.emailConsent.changedAt ?? '',
    c.emailConsent.method ?? '',
    c.lastVisitAt ?? '',
    c.createdAt,
    c.updatedAt,
    c.notes.map(noteText).join('\n---\n'),
  ];
}

export function exportFileName(format: 'csv' | 'json', now: Date = new Date()): string {
  return `clients-${now.toISOString().slice(0, 10)}.${format}`;
}
