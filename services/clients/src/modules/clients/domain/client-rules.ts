import { randomUUID } from 'node:crypto';
import {
  normalisePhone,
  type AlertKind,
  type ClientAddress,
  type ClientAlert,
  type ConsentInput,
  type CreateClientInput,
} from '@salon/contracts';

export type ConsentChannel = 'sms' | 'email';

/** A client's stored state as the rules see it (the entity fits it). */
export interface ClientState {
  id: string;
  firstName: string;
  lastName: string | null;
  phone: string | null;
  email: string | null;
  birthday: string | null;
  address: ClientAddress | null;
  preferredLocationId: string | null;
  preferredStaffId: string | null;
  tags: string[];
  alerts: ClientAlert[];
  source: string | null;
  smsConsent: boolean;
  smsConsentAt: Date | null;
  smsConsentMethod: string | null;
  smsConsentBy: string | null;
  emailConsent: boolean;
  emailConsentAt: Date | null;
  emailConsentMethod: string | null;
  emailConsentBy: string | null;
  lastVisitAt: Date | null;
  /** What the client spent, net of refunds, in minor units (retail's sales, modules/purchases). */
  lifetimeSpendMinor: number;
  lastPurchaseAt: Date | null;
}

export type FieldProblem = { field: string; message: string };

/** Tags trimmed, duplicates (ignoring case) dropped, first spelling kept. */
export function cleanTags(tags: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of tags) {
    const tag = raw.trim().replace(/\s+/g, ' ');
    if (!tag || seen.has(tag.toLowerCase())) continue;
    seen.add(tag.toLowerCase());
    out.push(tag);
  }
  return out;
}

/** Alerts without repeats (same kind and text, any case): one kept, critical if any of them was. */
export function cleanAlerts(alerts: readonly { id?: string; kind: AlertKind; text: string; critical?: boolean }[]): ClientAlert[] {
  const byKey = new Map<string, ClientAlert>();
  for (const a of alerts) {
    const key = `${a.kind}:${a.text.trim().toLowerCase()}`;
    const seen = byKey.get(key);
    if (seen) seen.critical ||= a.critical === true;
    else byKey.set(key, { id: a.id ?? randomUUID(), kind: a.kind, text: a.text.trim(), critical: a.critical === true });
  }
  return [...byKey.values()];
}

export function cleanAddress(address: Record<string, string | null | undefined> | null | undefined): ClientAddress | null {
  if (!address) return null;
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(address)) if (typeof v === 'string' && v.trim()) out[k] = v.trim();
  return Object.keys(out).length ? (out as ClientAddress) : null;
}

/** The profile fields of an input, cleaned; phone in E.164 (or a problem naming `phone`). */
export function profileChanges(
  input: Partial<CreateClientInput>,
  defaultCountry: string,
): { values: Partial<ClientState>; problems: FieldProblem[] } {
  const values: Partial<ClientState> = {};
  const problems: FieldProblem[] = [];
  if (input.firstName !== undefined) values.firstName = input.firstName;
  if (input.lastName !== undefined) values.lastName = input.lastName ?? null;
  if (input.phone !== undefined) {
    if (input.phone === null) values.phone = null;
    else {
      const phone = normalisePhone(input.phone, defaultCountry);
      if (phone.ok) values.phone = phone.e164;
      else problems.push({ field: 'phone', message: phone.message });
    }
  }
  if (input.email !== undefined) values.email = input.email ? input.email.toLowerCase() : null;
  if (input.birthday !== undefined) values.birthday = input.birthday ?? null;
  if (input.address !== undefined) values.address = cleanAddress(input.address as Record<string, string | null | undefined> | null);
  if (input.preferredLocationId !== undefined) values.preferredLocationId = input.preferredLocationId ?? null;
  if (input.preferredStaffId !== undefined) values.preferredStaffId = input.preferredStaffId ?? null;
  if (input.tags !== undefined) values.tags = cleanTags(input.tags);
  if (input.alerts !== undefined) values.alerts = cleanAlerts(input.alerts);
  if (input.source !== undefined) values.source = input.source ?? null;
  return { values, problems };
}

export interface ConsentDecision {
  granted: boolean;
  at: Date | null;
  method: string | null;
  by: string | null;
}

export function consentOf(client: ClientState, channel: ConsentChannel): ConsentDecision {
  return channel === 'sms'
    ? { granted: client.smsConsent, at: client.smsConsentAt, method: client.smsConsentMethod, by: client.smsConsentBy }
    : { granted: client.emailConsent, at: client.emailConsentAt, method: client.emailConsentMethod, by: client.emailConsentBy };
}

export function consentColumns(channel: ConsentChannel, decision: ConsentDecision): Partial<ClientState> {
  return channel === 'sms'
    ? { smsConsent: decision.granted, smsConsentAt: decision.at, smsConsentMethod: decision.method, smsConsentBy: decision.by }
    : { emailConsent: decision.granted, emailConsentAt: decision.at, emailConsentMethod: decision.method, emailConsentBy: decision.by };
}

/**
 * A consent decision from an input: recorded (with when, how and by whom) only when the answer
 * changes or the same answer is given again by another method. Returns null when nothing changes.
 */
export function decideConsent(current: ConsentDecision, input: ConsentInput, actorId: string | null, now: Date): ConsentDecision | null {
  const granted = typeof input === 'boolean' ? input : input.granted;
  const method = (typeof input === 'boolean' ? null : input.method) ?? 'staff';
  if (granted === current.granted && (typeof input === 'boolean' || !input.method || input.method === current.method)) return null;
  return { granted, at: now, method, by: actorId };
}

/** A consent grant needs somewhere to send to. */
export function consentProblem(channel: ConsentChannel, granted: boolean, contact: string | null): FieldProblem | null {
  if (!granted || contact) return null;
  return channel === 'sms'
    ? { field: 'smsConsent', message: 'needs a phone number to consent to SMS' }
    : { field: 'emailConsent', message: 'needs an e-mail address to consent to e-mail' };
}

const PROFILE_KEYS = [
  'firstName',
  'lastName',
  'phone',
  'email',
  'birthday',
  'address',
  'preferredLocationId',
  'preferredStaffId',
  'tags',
  'alerts',
  'source',
] as const;

/** The names of the profile fields whose values differ (what updated.v1 lists as `changed`). */
export function changedFields(before: Partial<ClientState>, after: Partial<ClientState>): string[] {
  const changed: string[] = [];
  for (const key of PROFILE_KEYS) {
    if (!(key in after)) continue;
    if (JSON.stringify(before[key] ?? null) !== JSON.stringify(after[key] ?? null)) changed.push(key);
  }
  return changed;
}

export function fullName(client: { firstName: string; lastName: string | null }): string {
  return [client.firstName, client.lastName].filter(Boolean).join(' ');
}

/**
 * What the survivor of a merge becomes: its own values kept, blanks filled from the duplicate,
 * tags and alerts united, per channel the more recent consent decision, the later last visit and
 * last purchase, the two lifetime spends added.
 */
export function mergeClientStates(survivor: ClientState, duplicate: ClientState): Partial<ClientState> {
  const merged: Partial<ClientState> = {};
  const fillable = ['lastName', 'phone', 'email', 'birthday', 'address', 'preferredLocationId', 'preferredStaffId', 'source'] as const;
  for (const key of fillable) {
    if ((survivor[key] === null || survivor[key] === undefined) && duplicate[key] !== null && duplicate[key] !== undefined) {
      (merged as Record<string, unknown>)[key] = duplicate[key];
    }
  }
  const tags = cleanTags([...survivor.tags, ...duplicate.tags]);
  if (tags.length !== survivor.tags.length) merged.tags = tags;
  const alerts = cleanAlerts([...survivor.alerts, ...duplicate.alerts]);
  if (JSON.stringify(alerts) !== JSON.stringify(cleanAlerts(survivor.alerts))) merged.alerts = alerts;
  for (const channel of ['sms', 'email'] as const) {
    const mine = consentOf(survivor, channel);
    const theirs = consentOf(duplicate, channel);
    if (theirs.at && (!mine.at || theirs.at.getTime() > mine.at.getTime())) Object.assign(merged, consentColumns(channel, theirs));
  }
  if (duplicate.lastVisitAt && (!survivor.lastVisitAt || duplicate.lastVisitAt > survivor.lastVisitAt))
    merged.lastVisitAt = duplicate.lastVisitAt;
  // The duplicate's sales become the survivor's (retail moves them too, on clients.client.merged.v1).
  if (duplicate.lifetimeSpendMinor) merged.lifetimeSpendMinor = survivor.lifetimeSpendMinor + duplicate.lifetimeSpendMinor;
  if (duplicate.lastPurchaseAt && (!survivor.lastPurchaseAt || duplicate.lastPurchaseAt > survivor.lastPurchaseAt))
    merged.lastPurchaseAt = duplicate.lastPurchaseAt;
  return merged;
}

export interface DuplicateCandidate {
  phone: string | null;
  email: string | null;
  birthday: string | null;
  /** pg_trgm similarity of the two full names (0..1). */
  nameSimilarity: number;
}

export const SIMILAR_NAME_THRESHOLD = 0.6;

/** Why two clients look like one person; empty when they do not. */
export function duplicateReasons(
  client: { phone: string | null; email: string | null; birthday: string | null },
  other: DuplicateCandidate,
): string[] {
  const reasons: string[] = [];
  const digits = (p: string | null) => (p ?? '').replace(/\D/g, '');
  if (client.phone && digits(client.phone) === digits(other.phone)) reasons.push('same phone');
  if (client.email && other.email && client.email.toLowerCase() === other.email.toLowerCase()) reasons.push('same e-mail');
  if (other.nameSimilarity > SIMILAR_NAME_THRESHOLD) {
    const sameBirthday = !!client.birthday && client.birthday === other.birthday;
    const phoneFragment = digits(client.phone).length >= 4 && digits(client.phone).slice(-4) === digits(other.phone).slice(-4);
    if (sameBirthday) reasons.push('similar name and same birthday');
    else if (phoneFragment && !reasons.includes('same phone')) reasons.push('similar name and phone ending');
  }
  return reasons;
}

/** What anonymising leaves of a client: the id and financial references, no personal data. */
export function anonymisedState(): Partial<ClientState> {
  return {
    firstName: 'Anonymised client',
    lastName: null,
    phone: null,
    email: null,
    birthday: null,
    address: null,
    preferredStaffId: null,
    tags: [],
    alerts: [],
    source: null,
    smsConsent: false,
    smsConsentAt: null,
    smsConsentMethod: null,
    smsConsentBy: null,
    emailConsent: false,
    emailConsentAt: null,
    emailConsentMethod: null,
    emailConsentBy: null,
  };
}

/** The source recorded on the profiles online booking creates. */
export const ONLINE_BOOKING_SOURCE = 'Online booking';

/**
 * A profile online booking made for one booking (source and author both say so): the only kind
 * online booking may discard when its booking does not commit. A profile staff made, or one
 * online booking found, is never removed that way.
 */
export function isOnlineVisitorProfile(
  client: { source: string | null; createdBy: string | null },
  onlineBookingActor: string | null,
): boolean {
  return client.source === ONLINE_BOOKING_SOURCE && onlineBookingActor !== null && client.createdBy === onlineBookingActor;
}
