import { fullName, type ClientAddress, type ClientAlert, type ClientState } from './client-rules.js';

export interface ConsentView {
  granted: boolean;
  changedAt: string | null;
  method: string | null;
  changedBy: string | null;
}

/** The Client of docs/clients-api.md. */
export interface ClientView {
  id: string;
  firstName: string;
  lastName: string | null;
  fullName: string;
  phone: string | null;
  email: string | null;
  birthday: string | null;
  address: ClientAddress | null;
  preferredLocationId: string | null;
  preferredStaffId: string | null;
  tags: string[];
  alerts: ClientAlert[];
  source: string | null;
  smsConsent: ConsentView;
  emailConsent: ConsentView;
  lastVisitAt: string | null;
  createdAt: string;
  updatedAt: string;
  createdBy: string | null;
  updatedBy: string | null;
  version: number;
  possibleDuplicateCount: number;
}

export interface ClientRecord extends ClientState {
  version: number;
  createdAt: Date;
  updatedAt: Date;
  createdBy: string | null;
  updatedBy: string | null;
}

const iso = (d: Date | string | null | undefined) => (d ? new Date(d).toISOString() : null);

export function toClientView(c: ClientRecord, possibleDuplicateCount = 0): ClientView {
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
    alerts: c.alerts ?? [],
    source: c.source,
    smsConsent: { granted: c.smsConsent, changedAt: iso(c.smsConsentAt), method: c.smsConsentMethod, changedBy: c.smsConsentBy },
    emailConsent: { granted: c.emailConsent, changedAt: iso(c.emailConsentAt), method: c.emailConsentMethod, changedBy: c.emailConsentBy },
    lastVisitAt: iso(c.lastVisitAt),
    createdAt: iso(c.createdAt)!,
    updatedAt: iso(c.updatedAt)!,
    createdBy: c.createdBy,
    updatedBy: c.updatedBy,
    version: c.version,
    possibleDuplicateCount,
  };
}
