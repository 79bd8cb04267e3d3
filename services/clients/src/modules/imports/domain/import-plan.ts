import type { ImportedClient } from '@salon/contracts';
import { mapRow, type ColumnIndex, type RowOptions } from './import-row.js';

/** What the generated `phone_digits` column holds for an E.164 number. */
export const phoneDigitsOf = (phone: string | null) => (phone ? phone.replace(/\D/g, '') : null);

/**
 * Duplicates inside the file: a row with the phone number or e-mail of an earlier accepted row is
 * rejected as `duplicate of row N`. Feed the rows in file order; the answer depends only on the
 * rows before, so a resumed import that replays the file from the start decides the same way.
 */
export class FileDuplicates {
  private readonly phones = new Map<string, number>();
  private readonly emails = new Map<string, number>();

  /** The reason to reject `row`, or null after remembering its phone and e-mail. */
  check(row: number, client: Pick<ImportedClient, 'phone' | 'email'>): string | null {
    const digits = phoneDigitsOf(client.phone);
    const byPhone = digits ? this.phones.get(digits) : undefined;
    if (byPhone !== undefined) return `duplicate of row ${byPhone} (same phone)`;
    const byEmail = client.email ? this.emails.get(client.email) : undefined;
    if (byEmail !== undefined) return `duplicate of row ${byEmail} (same e-mail)`;
    if (digits) this.phones.set(digits, row);
    if (client.email) this.emails.set(client.email, row);
    return null;
  }
}

/** A live client already in the database, as far as an import cares. */
export interface ExistingClient {
  id: string;
  firstName: string;
  lastName: string | null;
  phone: string | null;
  phoneDigits: string | null;
  email: string | null;
  birthday: string | null;
  address: ImportedClient['address'];
  tags: string[];
  source: string | null;
  smsConsent: boolean;
  emailConsent: boolean;
  version: number;
}

/** Looks up existing clients by phone digits and e-mail. */
export class ExistingIndex {
  private readonly byPhone = new Map<string, ExistingClient>();
  private readonly byEmail = new Map<string, ExistingClient>();

  constructor(clients: readonly ExistingClient[]) {
    // Oldest first wins: the caller sorts by created_at.
    for (const c of clients) {
      if (c.phoneDigits && !this.byPhone.has(c.phoneDigits)) this.byPhone.set(c.phoneDigits, c);
      if (c.email && !this.byEmail.has(c.email.toLowerCase())) this.byEmail.set(c.email.toLowerCase(), c);
    }
  }

  /** The client this imported row is a duplicate of: same phone first, then same e-mail. */
  match(client: Pick<ImportedClient, 'phone' | 'email'>): ExistingClient | null {
    const digits = phoneDigitsOf(client.phone);
    return (digits && this.byPhone.get(digits)) || (client.email && this.byEmail.get(client.email)) || null;
  }
}

export interface ClientPatch {
  id: string;
  /** Contract field names that change (for clients.client.updated.v1). */
  changed: string[];
  next: Pick<
    ExistingClient,
    'firstName' | 'lastName' | 'phone' | 'email' | 'birthday' | 'address' | 'tags' | 'source' | 'smsConsent' | 'emailConsent'
  >;
  smsConsentChanged: boolean;
  emailConsentChanged: boolean;
}

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * onDuplicate=update: what the file says wins where it says something; blank cells keep the
 * client's value; tags are added to the client's; address parts override one by one.
 * Null when nothing would change (the row then counts as a skipped duplicate).
 */
export function patchFor(existing: ExistingClient, imported: ImportedClient): ClientPatch | null {
  const next: ClientPatch['next'] = {
    firstName: imported.firstName || existing.firstName,
    lastName: imported.lastName ?? existing.lastName,
    phone: imported.phone ?? existing.phone,
    email: imported.email ?? existing.email,
    birthday: imported.birthday ?? existing.birthday,
    address: imported.address ? { ...(existing.address ?? {}), ...imported.address } : existing.address,
    tags: [...existing.tags, ...imported.tags.filter((t) => !existing.tags.some((e) => e.toLowerCase() === t.toLowerCase()))],
    source: imported.source ?? existing.source,
    smsConsent: imported.smsConsent ?? existing.smsConsent,
    emailConsent: imported.emailConsent ?? existing.emailConsent,
  };
  const changed = (Object.keys(next) as (keyof ClientPatch['next'])[]).filter((key) => !sameJson(next[key], existing[key]));
  if (changed.length === 0) return null;
  return {
    id: existing.id,
    changed,
    next,
    smsConsentChanged: changed.includes('smsConsent'),
    emailConsentChanged: changed.includes('emailConsent'),
  };
}

export type RowOutcome = { row: number; kind: 'rejected'; reason: string } | { row: number; kind: 'client'; client: ImportedClient };

/**
 * Every row of the file, validated and checked against the rows before it. Deterministic: the
 * worker replays it from the first row on every (re)start and skips what already committed.
 */
export function planRows(records: readonly (readonly string[])[], index: ColumnIndex, options: RowOptions = {}): RowOutcome[] {
  const duplicates = new FileDuplicates();
  const outcomes: RowOutcome[] = new Array(records.length);
  for (let i = 0; i < records.length; i++) {
    const row = i + 1;
    const result = mapRow(records[i], index, options);
    if (!result.ok) {
      outcomes[i] = { row, kind: 'rejected', reason: result.problems.join('; ') };
      continue;
    }
    const duplicate = duplicates.check(row, result.client);
    outcomes[i] = duplicate ? { row, kind: 'rejected', reason: duplicate } : { row, kind: 'client', client: result.client };
  }
  return outcomes;
}

/** The phone digits and e-mails to look up existing clients by. */
export function lookupKeys(outcomes: readonly RowOutcome[]): { phoneDigits: string[]; emails: string[] } {
  const phoneDigits: string[] = [];
  const emails: string[] = [];
  for (const o of outcomes) {
    if (o.kind !== 'client') continue;
    const digits = phoneDigitsOf(o.client.phone);
    if (digits) phoneDigits.push(digits);
    if (o.client.email) emails.push(o.client.email);
  }
  return { phoneDigits, emails };
}
