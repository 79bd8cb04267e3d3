/** Shapes of docs/clients-api.md, shared by the clients screens and the client picker. */
export type AlertKind = 'allergy' | 'sensitivity' | 'medical' | 'other';
export type ConsentMethod = 'verbal' | 'written' | 'online-booking' | 'import' | 'sms-keyword' | 'staff';

export interface Consent {
  granted: boolean;
  changedAt: string | null;
  method: ConsentMethod | null;
  changedBy: string | null;
}

export interface ClientAddress {
  line1?: string;
  line2?: string;
  city?: string;
  region?: string;
  postalCode?: string;
  country?: string;
}

export interface ClientAlert {
  id: string;
  kind: AlertKind;
  text: string;
}

export interface Client {
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
  smsConsent: Consent;
  emailConsent: Consent;
  lastVisitAt: string | null;
  createdAt: string;
  updatedAt: string;
  createdBy: string | null;
  updatedBy: string | null;
  version: number;
  possibleDuplicateCount: number;
}

/** A row of the list and the picker: the fields the GraphQL list query asks for. */
export type ClientSummary = Pick<Client, 'id' | 'firstName' | 'lastName' | 'fullName' | 'phone' | 'email' | 'tags' | 'lastVisitAt' | 'createdAt'> & {
  alerts: Pick<ClientAlert, 'id' | 'kind' | 'text'>[];
  possibleDuplicateCount?: number;
};

export interface DuplicateClient extends Client {
  reasons: string[];
}

export type NoteValues = Record<string, unknown>;

export interface Note {
  id: string;
  clientId: string;
  body: string | null;
  templateId: string | null;
  templateName: string | null;
  values: NoteValues | null;
  pinned: boolean;
  authorId: string;
  authorName: string | null;
  createdAt: string;
  updatedAt: string;
  version: number;
}

export type FieldType = 'text' | 'longText' | 'choice' | 'checkbox' | 'date' | 'number';

export interface TemplateField {
  id: string;
  label: string;
  type: FieldType;
  required: boolean;
  options?: string[];
}

export interface TemplateSection {
  id: string;
  title: string;
  fields: TemplateField[];
}

export interface NoteTemplate {
  id: string;
  name: string;
  description: string | null;
  sections: TemplateSection[];
  archived: boolean;
  createdAt: string;
  updatedAt: string;
  /** Service extension (not in the contract): PUT may send it back to guard against overwriting. */
  version?: number;
}

export type ImportStatus = 'uploaded' | 'validated' | 'running' | 'completed' | 'failed' | 'cancelled';
export type ImportFormat = 'generic' | 'vagaro' | 'fresha' | 'mindbody';

export interface ClientImport {
  id: string;
  status: ImportStatus;
  fileName: string;
  format: ImportFormat;
  mapping: Record<string, string | null>;
  /** Present on the upload answer (and possibly later). */
  columns?: string[];
  totalRows: number;
  processedRows: number;
  createdCount: number;
  updatedCount: number;
  skippedDuplicateCount: number;
  rejectedCount: number;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  error: string | null;
}

export interface PreviewRow {
  rowNumber?: number;
  /** Target field → mapped value. */
  values?: Record<string, unknown>;
  problems?: (string | { field?: string; message: string })[];
  duplicateOf?: { id: string; fullName?: string } | string | null;
  [key: string]: unknown;
}

export interface ImportPreview {
  columns: string[];
  rows: PreviewRow[];
  totalRows: number;
  rejectedCount: number;
  duplicateCount: number;
  /** The first rejected rows anywhere in the file (service extension). */
  rejectedSample?: { row: number; reason: string }[];
}
