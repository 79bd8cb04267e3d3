import { ApiError } from '../../lib/api-client';
import { toE164 } from '../../pages/clients/phone';

/** Creating a client inline (picker, "New client"): the form → the POST body, and a 409's duplicate. Pure. */
export interface QuickClientDraft {
  firstName: string;
  lastName: string;
  phone: string;
  email: string;
}

export function draftFromTyped(typed: string): QuickClientDraft {
  const t = typed.trim();
  if (/^[\d\s()+.-]+$/.test(t) && t.replace(/\D/g, '').length >= 7) return { firstName: '', lastName: '', phone: t, email: '' };
  if (t.includes('@') && !t.includes(' ')) return { firstName: '', lastName: '', phone: '', email: t };
  const parts = t.split(/\s+/).filter(Boolean);
  return { firstName: parts[0] ?? '', lastName: parts.slice(1).join(' '), phone: '', email: '' };
}

export function draftToInput(d: QuickClientDraft): {
  firstName: string;
  lastName: string | null;
  phone: string | null;
  email: string | null;
} {
  return {
    firstName: d.firstName.trim(),
    lastName: d.lastName.trim() || null,
    phone: toE164(d.phone),
    email: d.email.trim().toLowerCase() || null,
  };
}

export interface DuplicateHit {
  id: string | null;
  fullName: string | null;
  /** What matched: 'phone' or 'e-mail' when it can be told. */
  matchedOn: 'phone' | 'e-mail' | null;
  message: string;
}

function asClientRef(v: unknown): { id: string; fullName: string | null; phone?: string | null; email?: string | null } | null {
  if (!v || typeof v !== 'object' || Array.isArray(v)) return null;
  const o = v as Record<string, unknown>;
  const id =
    typeof o.id === 'string'
      ? o.id
      : typeof o.clientId === 'string'
        ? o.clientId
        : typeof o.existingClientId === 'string'
          ? o.existingClientId
          : null;
  if (!id) return null;
  const fullName =
    typeof o.fullName === 'string'
      ? o.fullName
      : typeof o.name === 'string'
        ? o.name
        : [o.firstName, o.lastName].filter((x) => typeof x === 'string' && x).join(' ') || null;
  return { id, fullName, phone: (o.phone as string | null) ?? null, email: (o.email as string | null) ?? null };
}

/**
 * A 409 of POST /api/clients "names the existing client on same phone/e-mail". The contract does
 * not fix where, so the common places are read: details (a client, {existing|client}, or a list).
 */
export function duplicateFrom409(error: unknown, sent?: { phone: string | null; email: string | null }): DuplicateHit | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const body = (error.body ?? {}) as Record<string, unknown>;
  const details = body.details as unknown;
  const candidates: unknown[] = [details, body.existing, body.client];
  if (details && typeof details === 'object' && !Array.isArray(details)) {
    const d = details as Record<string, unknown>;
    candidates.unshift(d.existing, d.client, d.duplicate);
  }
  if (Array.isArray(details))
    candidates.unshift(...details.map((d) => (d && typeof d === 'object' ? ((d as Record<string, unknown>).client ?? d) : d)));
  let ref: ReturnType<typeof asClientRef> = null;
  for (const c of candidates) {
    ref = asClientRef(c);
    if (ref) break;
  }
  let matchedOn: DuplicateHit['matchedOn'] = null;
  const field =
    (Array.isArray(details) ? (details[0] as { field?: string } | undefined)?.field : (details as { field?: string } | undefined)?.field) ??
    '';
  if (/phone/i.test(field)) matchedOn = 'phone';
  else if (/mail/i.test(field)) matchedOn = 'e-mail';
  else if (ref && sent?.phone && ref.phone === sent.phone) matchedOn = 'phone';
  else if (ref && sent?.email && ref.email?.toLowerCase() === sent.email.toLowerCase()) matchedOn = 'e-mail';
  else if (/phone/i.test(error.message)) matchedOn = 'phone';
  else if (/e-?mail/i.test(error.message)) matchedOn = 'e-mail';
  return { id: ref?.id ?? null, fullName: ref?.fullName ?? null, matchedOn, message: error.message };
}

/** 'A client with this phone already exists: Ana Ruiz' */
export function duplicateSentence(hit: DuplicateHit): string {
  const what = hit.matchedOn ? `this ${hit.matchedOn}` : 'this phone or e-mail';
  return hit.fullName ? `A client with ${what} already exists: ${hit.fullName}` : hit.message || `A client with ${what} already exists.`;
}
