import type { Client, ClientAddress } from '@salon/contracts';
import { formatPhone, toE164 } from '../clients/phone';
import { formatDate } from '../../lib/format';

/** Edit in place of the details card: draft ↔ client, the PATCH, and a 409's differences. Pure. */
export const ADDRESS_PARTS = ['line1', 'line2', 'city', 'region', 'postalCode', 'country'] as const;
export type AddressPart = (typeof ADDRESS_PARTS)[number];

export const EDIT_FIELDS = [
  'firstName',
  'lastName',
  'phone',
  'email',
  'birthday',
  'source',
  'preferredLocationId',
  'preferredStaffId',
  'address',
] as const;
export type EditField = (typeof EDIT_FIELDS)[number];

export const FIELD_LABELS: Record<EditField, string> = {
  firstName: 'First name',
  lastName: 'Last name',
  phone: 'Phone',
  email: 'E-mail',
  birthday: 'Birthday',
  source: 'Source',
  preferredLocationId: 'Preferred location',
  preferredStaffId: 'Preferred staff',
  address: 'Address',
};

export const ADDRESS_LABELS: Record<AddressPart, string> = {
  line1: 'Street address',
  line2: 'Apt, suite',
  city: 'City',
  region: 'State',
  postalCode: 'ZIP code',
  country: 'Country',
};

export const SOURCE_SUGGESTIONS = [
  'Walk-in',
  'Referral',
  'Instagram',
  'Facebook',
  'Google',
  'TikTok',
  'Website',
  'Online booking',
  'Returning client',
];

export type Draft = Record<Exclude<EditField, 'address'>, string> & { address: Record<AddressPart, string> };

export function draftFromClient(c: Client): Draft {
  const a = c.address ?? {};
  return {
    firstName: c.firstName ?? '',
    lastName: c.lastName ?? '',
    phone: c.phone ? formatPhone(c.phone) : '',
    email: c.email ?? '',
    birthday: c.birthday ?? '',
    source: c.source ?? '',
    preferredLocationId: c.preferredLocationId ?? '',
    preferredStaffId: c.preferredStaffId ?? '',
    address: Object.fromEntries(ADDRESS_PARTS.map((p) => [p, a[p] ?? ''])) as Record<AddressPart, string>,
  };
}

const orNull = (s: string) => (s.trim() ? s.trim() : null);

function addressFromDraft(d: Draft['address']): ClientAddress | null {
  const out: ClientAddress = {};
  for (const p of ADDRESS_PARTS) if (d[p].trim()) out[p] = d[p].trim();
  return Object.keys(out).length ? out : null;
}

function sameAddress(a: ClientAddress | null, b: ClientAddress | null): boolean {
  return ADDRESS_PARTS.every((p) => (a?.[p] ?? '') === (b?.[p] ?? ''));
}

export type ClientPatch = Partial<
  Pick<
    Client,
    'firstName' | 'lastName' | 'phone' | 'email' | 'birthday' | 'source' | 'preferredLocationId' | 'preferredStaffId' | 'address'
  >
>;

/** The changed fields only, in the server's shapes (E.164 phone, lower-case e-mail, null for empty). */
export function patchFromDraft(c: Client, d: Draft): ClientPatch {
  const next: ClientPatch = {
    firstName: d.firstName.trim(),
    lastName: orNull(d.lastName),
    phone: toE164(d.phone),
    email: orNull(d.email)?.toLowerCase() ?? null,
    birthday: orNull(d.birthday),
    source: orNull(d.source),
    preferredLocationId: orNull(d.preferredLocationId),
    preferredStaffId: orNull(d.preferredStaffId),
    address: addressFromDraft(d.address),
  };
  const patch: ClientPatch = {};
  for (const k of Object.keys(next) as (keyof ClientPatch)[]) {
    const changed = k === 'address' ? !sameAddress(next.address ?? null, c.address) : (next[k] ?? null) !== (c[k] ?? null);
    if (changed) (patch as Record<string, unknown>)[k] = next[k];
  }
  return patch;
}

export function displayValue(
  field: EditField,
  c: Pick<Client, EditField>,
  names: { location?(id: string): string | null; staff?(id: string): string | null } = {},
): string {
  const v = c[field];
  if (v === null || v === undefined || v === '') return '';
  switch (field) {
    case 'phone':
      return formatPhone(v as string);
    case 'birthday':
      return formatBirthday(v as string);
    case 'address':
      return addressLine(v as ClientAddress);
    case 'preferredLocationId':
      return names.location?.(v as string) ?? 'Unknown location';
    case 'preferredStaffId':
      return names.staff?.(v as string) ?? 'A team member';
    default:
      return String(v);
  }
}

/** '1990-04-12' → 'Apr 12, 1990' (a calendar date: no time zone shift). */
export function formatBirthday(iso: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!m) return iso;
  return formatDate(new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), 12)));
}

export function addressLine(a: ClientAddress | null): string {
  if (!a) return '';
  const cityLine = [a.city, [a.region, a.postalCode].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return [a.line1, a.line2, cityLine, a.country].filter(Boolean).join(', ');
}

export interface ConflictRow {
  field: EditField;
  label: string;
  yours: string;
  theirs: string;
  /** Someone else changed this field since you started editing. */
  theyChanged: boolean;
  /** You changed this field. */
  youChanged: boolean;
}

/**
 * A 409 on PATCH: the fields you changed and the fields they changed, side by side. `base` is the
 * client as it was when you started, `theirs` the current one from the server.
 */
export function conflictRows(base: Client, theirs: Client, patch: ClientPatch, names?: Parameters<typeof displayValue>[2]): ConflictRow[] {
  const rows: ConflictRow[] = [];
  for (const f of EDIT_FIELDS) {
    const youChanged = f in patch;
    const theyChanged = f === 'address' ? !sameAddress(base.address, theirs.address) : (base[f] ?? null) !== (theirs[f] ?? null);
    if (!youChanged && !theyChanged) continue;
    const mine = youChanged ? ({ ...base, ...patch } as Client) : base;
    rows.push({
      field: f,
      label: FIELD_LABELS[f],
      yours: displayValue(f, mine, names),
      theirs: displayValue(f, theirs, names),
      youChanged,
      theyChanged,
    });
  }
  return rows;
}
