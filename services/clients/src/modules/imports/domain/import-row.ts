import { toE164 } from '@salon/contracts';
import type { ImportedClient, ImportField, ImportMapping } from '@salon/contracts';

/** A row turned into client fields, ready to insert. */
export type RowResult = { ok: true; client: ImportedClient } | { ok: false; problems: string[] };

export interface RowOptions {
  defaultCountry?: string;
  /** "Today" for the birthday range check (tests pin it). */
  today?: Date;
}

const quote = (value: string) => JSON.stringify(value.length > 60 ? `${value.slice(0, 57)}...` : value);

const EMAIL = /^[^\s@,;<>()"]+@[^\s@,;<>()"]+\.[^\s@,;<>()".]{2,}$/;

export function normaliseEmail(input: string): string | null {
  const email = input.trim().toLowerCase();
  return email.length <= 254 && EMAIL.test(email) ? email : null;
}

const MONTHS: Record<string, number> = {
  jan: 1,
  feb: 2,
  mar: 3,
  apr: 4,
  may: 5,
  jun: 6,
  jul: 7,
  aug: 8,
  sep: 9,
  sept: 9,
  oct: 10,
  nov: 11,
  dec: 12,
};
const pad = (n: number) => String(n).padStart(2, '0');

function isoDate(year: number, month: number, day: number): string | null {
  if (month < 1 || month > 12 || day < 1 || day > 31) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return `${year}-${pad(month)}-${pad(day)}`;
}

/** Two-digit years: the most recent past year with those digits (born '98 → 1998, '05 → 2005). */
function fullYear(text: string, today: Date): number {
  const year = Number(text);
  if (text.length === 4) return year;
  const century = Math.floor(today.getUTCFullYear() / 100) * 100;
  return century + year > today.getUTCFullYear() ? century - 100 + year : century + year;
}

/**
 * A birthday in the formats salon exports use: 2024-03-15, 2024/3/15, 03/15/1990, 3/15/90,
 * 3-15-1990, 15.03.1990 (day first with dots), Mar 15 1990, March 15, 1990, 15 March 1990,
 * and ISO timestamps (1990-03-15T00:00:00Z). Slashes and dashes with the year last are US order.
 */
export function parseBirthday(input: string, today = new Date()): string | null {
  const text = input.trim().replace(/\s+/g, ' ');
  let m = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?:[T ][\d:.]+(?:Z|[+-]\d{2}:?\d{2})?)?$/.exec(text);
  if (m) return isoDate(Number(m[1]), Number(m[2]), Number(m[3]));
  m = /^(\d{1,2})[/-](\d{1,2})[/-](\d{2}|\d{4})(?: [\d:]+(?: ?[AP]M)?)?$/i.exec(text);
  if (m) return isoDate(fullYear(m[3], today), Number(m[1]), Number(m[2]));
  m = /^(\d{1,2})\.(\d{1,2})\.(\d{2}|\d{4})$/.exec(text);
  if (m) return isoDate(fullYear(m[3], today), Number(m[2]), Number(m[1]));
  m = /^([a-z]{3,9})\.? (\d{1,2})(?:st|nd|rd|th)?,? (\d{4})$/i.exec(text);
  if (m && MONTHS[m[1].slice(0, m[1].toLowerCase() === 'sept' ? 4 : 3).toLowerCase()]) {
    return isoDate(Number(m[3]), MONTHS[m[1].slice(0, 3).toLowerCase()], Number(m[2]));
  }
  m = /^(\d{1,2})(?:st|nd|rd|th)? ([a-z]{3,9})\.?,? (\d{4})$/i.exec(text);
  if (m && MONTHS[m[2].slice(0, 3).toLowerCase()]) return isoDate(Number(m[3]), MONTHS[m[2].slice(0, 3).toLowerCase()], Number(m[1]));
  return null;
}

const YES = new Set(['yes', 'y', 'true', 't', '1', 'x', 'on', 'opted in', 'optedin', 'opt-in', 'subscribed', 'granted']);
const NO = new Set(['no', 'n', 'false', 'f', '0', 'off', 'opted out', 'optedout', 'opt-out', 'unsubscribed', 'none']);

/** yes/no/true/false/1/0 (and a few export spellings); empty → null (not stated); anything else → undefined. */
export function parseConsent(input: string): boolean | null | undefined {
  const text = input.trim().toLowerCase();
  if (text === '') return null;
  if (YES.has(text)) return true;
  if (NO.has(text)) return false;
  return undefined;
}

export function splitTags(input: string): string[] {
  const tags: string[] = [];
  const seen = new Set<string>();
  for (const part of input.split(/[,;|]/)) {
    const tag = part.trim().replace(/\s+/g, ' ').slice(0, 50);
    if (tag && !seen.has(tag.toLowerCase())) {
      seen.add(tag.toLowerCase());
      tags.push(tag);
    }
  }
  return tags;
}

/** A full name: the first word is the first name, the rest the last name ('Ana María Silva' → Ana / María Silva); 'Silva, Ana' → Ana / Silva. */
export function splitName(input: string): { firstName: string; lastName: string | null } {
  const text = input.trim().replace(/\s+/g, ' ');
  const comma = text.indexOf(',');
  if (comma > 0) {
    const last = text.slice(0, comma).trim();
    const first = text.slice(comma + 1).trim();
    return first ? { firstName: first, lastName: last || null } : { firstName: last, lastName: null };
  }
  const space = text.indexOf(' ');
  return space < 0 ? { firstName: text, lastName: null } : { firstName: text.slice(0, space), lastName: text.slice(space + 1) };
}

/** Resolves a mapping against the header once: field → column index (or -1). */
export type ColumnIndex = Record<ImportField, number>;

export function indexMapping(mapping: ImportMapping, columns: readonly string[]): ColumnIndex {
  const index = {} as ColumnIndex;
  const fields = [
    'firstName',
    'lastName',
    'name',
    'phone',
    'email',
    'birthday',
    'addressLine1',
    'addressLine2',
    'city',
    'region',
    'postalCode',
    'country',
    'tags',
    'source',
    'smsConsent',
    'emailConsent',
    'notes',
  ] as const;
  for (const field of fields) {
    const column = mapping[field];
    index[field] = column ? columns.indexOf(column) : -1;
  }
  return index;
}

const MAX_TEXT = 200;

/**
 * Maps one record (the file's cells, in header order) to client fields and validates it. Every
 * problem is named with its field and the offending value, e.g. `phone: "12" is not a valid phone number`.
 */
export function mapRow(cells: readonly string[], index: ColumnIndex, options: RowOptions = {}): RowResult {
  const cell = (field: ImportField): string => {
    const i = index[field];
    return i >= 0 ? (cells[i] ?? '').trim() : '';
  };
  const problems: string[] = [];

  let firstName = cell('firstName');
  let lastName: string | null = cell('lastName') || null;
  if (!firstName && cell('name')) {
    const split = splitName(cell('name'));
    firstName = split.firstName;
    lastName ??= split.lastName;
  }
  if (!firstName) problems.push('firstName: is required');
  else if (firstName.length > MAX_TEXT) problems.push(`firstName: is longer than ${MAX_TEXT} characters`);
  if (lastName && lastName.length > MAX_TEXT) problems.push(`lastName: is longer than ${MAX_TEXT} characters`);

  const phoneText = cell('phone');
  let phone: string | null = null;
  if (phoneText) {
    phone = toE164(phoneText, options.defaultCountry);
    if (!phone) problems.push(`phone: ${quote(phoneText)} is not a valid phone number`);
  }

  const emailText = cell('email');
  let email: string | null = null;
  if (emailText) {
    email = normaliseEmail(emailText);
    if (!email) problems.push(`email: ${quote(emailText)} is not a valid e-mail address`);
  }

  const birthdayText = cell('birthday');
  let birthday: string | null = null;
  if (birthdayText) {
    const today = options.today ?? new Date();
    birthday = parseBirthday(birthdayText, today);
    if (!birthday) problems.push(`birthday: ${quote(birthdayText)} is not a date (use YYYY-MM-DD or MM/DD/YYYY)`);
    else if (birthday < '1900-01-01' || birthday > today.toISOString().slice(0, 10)) {
      problems.push(`birthday: ${quote(birthdayText)} is not a plausible birthday`);
      birthday = null;
    }
  }

  const consent = (field: 'smsConsent' | 'emailConsent'): boolean | null => {
    const text = cell(field);
    const value = parseConsent(text);
    if (value === undefined) {
      problems.push(`${field}: ${quote(text)} is not yes or no`);
      return null;
    }
    return value;
  };
  const smsConsent = consent('smsConsent');
  const emailConsent = consent('emailConsent');

  if (problems.length) return { ok: false, problems };

  const address: NonNullable<ImportedClient['address']> = {};
  const line1 = cell('addressLine1');
  const line2 = cell('addressLine2');
  const city = cell('city');
  const region = cell('region');
  const postalCode = cell('postalCode');
  const country = cell('country');
  if (line1) address.line1 = line1;
  if (line2) address.line2 = line2;
  if (city) address.city = city;
  if (region) address.region = region;
  if (postalCode) address.postalCode = postalCode;
  if (country) address.country = country;

  return {
    ok: true,
    client: {
      firstName,
      lastName,
      phone,
      email,
      birthday,
      address: Object.keys(address).length ? address : null,
      tags: splitTags(cell('tags')),
      source: cell('source').slice(0, MAX_TEXT) || null,
      smsConsent,
      emailConsent,
      notes: cell('notes') || null,
    },
  };
}
