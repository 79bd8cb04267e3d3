import { satisfies, type PermissionSubject } from '@salon/contracts';

/**
 * How much of the client book one request may read. Everything at once, with notes, is what the
 * export (export_clients) hands out; without that permission a caller reads what the clients
 * screen shows: a page of at most 50, and the notes of one client at a time. The same rule holds
 * on REST and GraphQL (a list, aliases, federation references), so no path reads more than another.
 */
export const PAGE_WITHOUT_EXPORT = 50;
export const BULK_READ_PERMISSION = 'export_clients';

/** The refusal for a page larger than the caller may read, or null. */
export function pageSizeRefusal(subject: PermissionSubject, limit: number): string | null {
  if (limit <= PAGE_WITHOUT_EXPORT || satisfies(subject, BULK_READ_PERMISSION)) return null;
  return `Forbidden: more than ${PAGE_WITHOUT_EXPORT} clients at once requires ${BULK_READ_PERMISSION}`;
}

/** The refusal for reading the notes of `clientCount` different clients in one request, or null. */
export function notesVolumeRefusal(subject: PermissionSubject, clientCount: number): string | null {
  if (clientCount <= 1 || satisfies(subject, BULK_READ_PERMISSION)) return null;
  return `Forbidden: the notes of more than one client in one request require ${BULK_READ_PERMISSION}`;
}
