import type { ClientImport, ImportFormat, ImportPreview, ImportStatus, PreviewRow } from '@salon/contracts';

/** Client import: target fields, mapping helpers, preview rows, totals, progress. Pure. */
export const MAX_UPLOAD_BYTES = 50 * 1024 * 1024;
export const PREVIEW_ROWS = 20;

export interface TargetField {
  /** Our key (data-testid mapping-<key>). */
  key: string;
  label: string;
  /** Keys the server may use for this target in `mapping`; the first is sent when it names none. */
  aliases: string[];
  /** Column names (lower case, no punctuation) that mean this field, for suggesting when the server did not. */
  columns: string[];
  required?: boolean;
  hint?: string;
}

export const TARGET_FIELDS: TargetField[] = [
  {
    key: 'firstName',
    label: 'First name',
    aliases: ['firstName', 'first_name'],
    columns: ['firstname', 'first', 'givenname', 'clientfirstname'],
    required: true,
    hint: 'Or choose a full-name column',
  },
  {
    key: 'name',
    label: 'Full name',
    aliases: ['name', 'fullName'],
    columns: ['name', 'fullname', 'clientname', 'customername', 'customer', 'client'],
    hint: 'Split into first and last name when no first-name column is chosen',
  },
  {
    key: 'lastName',
    label: 'Last name',
    aliases: ['lastName', 'last_name'],
    columns: ['lastname', 'last', 'surname', 'familyname', 'clientlastname'],
  },
  {
    key: 'phone',
    label: 'Phone',
    aliases: ['phone', 'mobile', 'phoneNumber'],
    columns: ['phone', 'mobile', 'mobilephone', 'cellphone', 'cell', 'mobilenumber', 'phonenumber'],
  },
  { key: 'email', label: 'E-mail', aliases: ['email'], columns: ['email', 'emailaddress', 'mail'] },
  {
    key: 'birthday',
    label: 'Birthday',
    aliases: ['birthday', 'birthDate', 'dateOfBirth'],
    columns: ['birthday', 'birthdate', 'dateofbirth', 'dob'],
  },
  {
    key: 'addressLine1',
    label: 'Street address',
    aliases: ['addressLine1', 'address.line1', 'line1'],
    columns: ['address', 'address1', 'addressline1', 'street', 'streetaddress'],
  },
  {
    key: 'addressLine2',
    label: 'Apt, suite',
    aliases: ['addressLine2', 'address.line2', 'line2'],
    columns: ['address2', 'addressline2', 'apt', 'suite'],
  },
  { key: 'city', label: 'City', aliases: ['city', 'address.city'], columns: ['city', 'town'] },
  {
    key: 'region',
    label: 'State',
    aliases: ['region', 'address.region', 'state'],
    columns: ['state', 'region', 'province', 'stateprovince'],
  },
  {
    key: 'postalCode',
    label: 'ZIP code',
    aliases: ['postalCode', 'address.postalCode', 'zip'],
    columns: ['zip', 'zipcode', 'postalcode', 'postcode'],
  },
  { key: 'country', label: 'Country', aliases: ['country', 'address.country'], columns: ['country'] },
  { key: 'tags', label: 'Tags', aliases: ['tags'], columns: ['tags', 'tag', 'labels', 'clienttags'], hint: 'Comma-separated' },
  {
    key: 'notes',
    label: 'Notes',
    aliases: ['notes', 'note'],
    columns: ['notes', 'note', 'comments', 'clientnotes'],
    hint: 'Becomes a note on the client',
  },
  {
    key: 'source',
    label: 'Source',
    aliases: ['source', 'referralSource'],
    columns: ['source', 'referralsource', 'referredby', 'howdidyouhear'],
  },
  {
    key: 'smsConsent',
    label: 'SMS consent',
    aliases: ['smsConsent', 'sms_consent'],
    columns: ['smsconsent', 'smsoptin', 'textoptin', 'acceptssms', 'receivesms', 'smsmarketing'],
  },
  {
    key: 'emailConsent',
    label: 'E-mail consent',
    aliases: ['emailConsent', 'email_consent'],
    columns: ['emailconsent', 'emailoptin', 'acceptsemail', 'acceptsmarketing', 'emailmarketing', 'receiveemail'],
  },
];

export const FORMAT_LABELS: Record<ImportFormat, string> = {
  generic: 'A plain CSV file',
  vagaro: 'Looks like a Vagaro export',
  fresha: 'Looks like a Fresha export',
  mindbody: 'Looks like a Mindbody export',
};

export function formatLabel(format: string | null | undefined): string {
  return (format && FORMAT_LABELS[format as ImportFormat]) || 'A plain CSV file';
}

const norm = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '');

/** The key the server uses for a target (the alias present in its mapping), else the first alias. */
export function serverKey(target: TargetField, serverMapping: Record<string, unknown> | null | undefined): string {
  if (serverMapping) for (const a of target.aliases) if (a in serverMapping) return a;
  return target.aliases[0];
}

/** Our mapping (target key → column or '') from the server's suggested mapping, filling gaps by column names. */
export function initialMapping(
  serverMapping: Record<string, string | null> | null | undefined,
  columns: readonly string[],
): Record<string, string> {
  const out: Record<string, string> = {};
  const used = new Set<string>();
  for (const t of TARGET_FIELDS) {
    const v = serverMapping?.[serverKey(t, serverMapping)];
    if (v && columns.includes(v)) {
      out[t.key] = v;
      used.add(v);
    } else out[t.key] = '';
  }
  const hasSuggestion = Object.values(out).some(Boolean);
  if (!hasSuggestion) {
    for (const t of TARGET_FIELDS) {
      const col = columns.find((c) => !used.has(c) && t.columns.includes(norm(c)));
      if (col) {
        out[t.key] = col;
        used.add(col);
      }
    }
  }
  return out;
}

/** Our mapping → the server's (its keys, null for unmapped; keys it sent but we do not know are kept). */
export function toServerMapping(
  mapping: Record<string, string>,
  serverMapping: Record<string, string | null> | null | undefined,
): Record<string, string | null> {
  const out: Record<string, string | null> = {};
  if (serverMapping) for (const k of Object.keys(serverMapping)) out[k] = serverMapping[k];
  for (const t of TARGET_FIELDS) out[serverKey(t, serverMapping)] = mapping[t.key] || null;
  return out;
}

/** Columns picked for two targets (usually a mistake). */
export function doubleMapped(mapping: Record<string, string>): string[] {
  const seen = new Map<string, number>();
  for (const v of Object.values(mapping)) if (v) seen.set(v, (seen.get(v) ?? 0) + 1);
  return [...seen.entries()].filter(([, n]) => n > 1).map(([c]) => c);
}

export function mappingProblems(mapping: Record<string, string>): string[] {
  const p: string[] = [];
  if (!mapping.firstName && !mapping.name) p.push('Choose the column with the first name (or full name).');
  if (!mapping.phone && !mapping.email) p.push('Without a phone or e-mail column, duplicates can only be found by name.');
  for (const c of doubleMapped(mapping)) p.push(`“${c}” is used for more than one field.`);
  return p;
}

export interface ShownRow {
  rowNumber: number | null;
  values: Record<string, string>;
  problems: string[];
  /** Name (or 'an existing client') of the client this row duplicates. */
  duplicate: string | null;
  duplicateId: string | null;
}

function str(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (Array.isArray(v)) return v.map(str).filter(Boolean).join(', ');
  if (typeof v === 'boolean') return v ? 'Yes' : 'No';
  if (typeof v === 'object')
    return Object.values(v as Record<string, unknown>)
      .map(str)
      .filter(Boolean)
      .join(', ');
  return String(v);
}

/**
 * A preview row in one shape whatever the server nests (the contract's PreviewRow, or an older
 * answer's shape): values by our target keys, problems as text.
 */
export function shownRow(preview: PreviewRow | object, serverMapping?: Record<string, string | null> | null): ShownRow {
  const row = preview as Record<string, unknown>;
  const source = (row.values ?? row.mapped ?? row.client ?? row.data ?? row) as Record<string, unknown>;
  const values: Record<string, string> = {};
  for (const t of TARGET_FIELDS) {
    let v: unknown;
    for (const a of [serverKey(t, serverMapping), ...t.aliases]) {
      if (a.startsWith('address.')) {
        const addr = source.address as Record<string, unknown> | undefined;
        v = addr?.[a.slice(8)];
      } else v = source[a];
      if (v !== undefined) break;
    }
    values[t.key] = str(v);
  }
  const raw = (row.problems ?? row.errors ?? []) as (string | { field?: string; message?: string } | null)[];
  const problems = (Array.isArray(raw) ? raw : [raw])
    .filter(Boolean)
    .map((p) => (typeof p === 'string' ? p : p?.field ? `${p.field}: ${p.message}` : (p?.message ?? '')));
  const r = row as { duplicate?: unknown; duplicateOfClientId?: unknown; status?: unknown };
  const dup =
    row.duplicateOf ??
    r.duplicate ??
    (typeof r.duplicateOfClientId === 'string' ? { id: r.duplicateOfClientId } : null) ??
    (r.status === 'duplicate' ? true : null);
  const duplicate = !dup
    ? null
    : typeof dup === 'string'
      ? dup
      : typeof dup === 'object'
        ? ((dup as { fullName?: string }).fullName ?? 'an existing client')
        : 'an existing client';
  const duplicateId =
    dup && typeof dup === 'object' && typeof (dup as { id?: unknown }).id === 'string' ? (dup as { id: string }).id : null;
  const rowNumber =
    typeof row.rowNumber === 'number'
      ? row.rowNumber
      : typeof (row as { row?: unknown }).row === 'number'
        ? (row as { row: number }).row
        : null;
  return { rowNumber, values, problems, duplicate, duplicateId };
}

const n = new Intl.NumberFormat('en-US');

/** '9,870 ready · 112 will be rejected · 18 duplicates of existing clients' */
export function totalsLine(p: Pick<ImportPreview, 'totalRows' | 'rejectedCount' | 'duplicateCount'>): string {
  const ready = Math.max(0, p.totalRows - p.rejectedCount - p.duplicateCount);
  return `${n.format(ready)} ready · ${n.format(p.rejectedCount)} will be rejected · ${n.format(p.duplicateCount)} ${p.duplicateCount === 1 ? 'duplicate' : 'duplicates'} of existing clients`;
}

/** 0–100; 100 when completed. */
export function progressPercent(imp: Pick<ClientImport, 'status' | 'processedRows' | 'totalRows'>): number {
  if (imp.status === 'completed') return 100;
  if (!imp.totalRows) return 0;
  return Math.max(0, Math.min(100, Math.floor((imp.processedRows / imp.totalRows) * 100)));
}

export const FINISHED: ImportStatus[] = ['completed', 'failed', 'cancelled'];
export const isFinished = (s: ImportStatus) => FINISHED.includes(s);

/** After a reload: the newest import still running, else the newest one waiting to start. */
export function resumable(list: readonly ClientImport[]): ClientImport | null {
  const newest = [...list].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  return newest.find((i) => i.status === 'running') ?? newest.find((i) => i.status === 'validated') ?? null;
}

export type Step = 'upload' | 'map' | 'progress';

export function stepFor(imp: ClientImport | null): Step {
  if (!imp) return 'upload';
  if (imp.status === 'uploaded' || imp.status === 'validated') return 'map';
  return 'progress';
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

export function fileProblem(file: { name: string; size: number; type?: string }): string | null {
  if (file.size > MAX_UPLOAD_BYTES)
    return `${file.name} is ${formatBytes(file.size)}; the limit is 50 MB. Split the file and import it in parts.`;
  if (file.size === 0) return `${file.name} is empty.`;
  if (!/\.(csv|txt)$/i.test(file.name) && !/csv|text\/plain/.test(file.type ?? ''))
    return `${file.name} is not a CSV file. Export your clients as CSV and try again.`;
  return null;
}
