import type { Client } from '@salon/contracts';
import { fullName, type ClientState } from './client-rules.js';

export interface ClientRecord extends ClientState {
  version: number;
  createdAt: Date;
  updatedAt: Date;
  createdBy: string | null;
  updatedBy: string | null;
}

const iso = (d: Date | string | null | undefined) => (d ? new Date(d).toISOString() : null);

/** A row as the contract's Client (@salon/contracts clients/clients). */
export function toClientView(c: ClientRecord, possibleDuplicateCount = 0): Client {
  return {
    id: c.id,
    firstName: c.firstName,
    lastName: c.lastName,
    fullName: fullName(c),
    phone: c.phone,
    email: c.email,
    birthday: c.birthday,
    address: c.address,
    preferredLocationId: c.preferredLocationId,
    preferredStaffId: c.preferredStaffId,
    tags: c.tags ?? [],
    // Rows written before alerts could be critical read as not critical.
    alerts: (c.alerts ?? []).map((a) => ({ ...a, critical: a.critical === true })),
    source: c.source,
    smsConsent: { granted: c.smsConsent, changedAt: iso(c.smsConsentAt), method: c.smsConsentMethod, changedBy: c.smsConsentBy },
    emailConsent: { granted: c.emailConsent, changedAt: iso(c.emailConsentAt), method: c.emailConsentMethod, changedBy: c.emailConsentBy },
    lastVisitAt: iso(c.lastVisitAt),
    lifetimeSpendMinor: Number(c.lifetimeSpendMinor ?? 0),
    lastPurchaseAt: iso(c.lastPurchaseAt),
    createdAt: iso(c.createdAt)!,
    updatedAt: iso(c.updatedAt)!,
    createdBy: c.createdBy,
    updatedBy: c.updatedBy,
    version: c.version,
    possibleDuplicateCount,
  };
}
