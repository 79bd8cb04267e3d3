import { ApiError, apiRequest, authHeaders, errorMessageFrom } from '../../lib/api-client';
export { fieldErrorsOf } from '../../lib/api-client';
import { handleUnauthorized } from '../../lib/unauthorized';
import { AUTH_REQUIRED_MESSAGE } from '../../lib/api-client';
import type { Client, ClientImport, ImportPreview, NoteTemplate } from '@salon/contracts';

/** The clients module's REST calls (imports, export, downloads: web/README.md); the rest is clients-data.ts over GraphQL. */
const enc = encodeURIComponent;

export type ClientInput = Partial<
  Omit<
    Client,
    | 'id'
    | 'fullName'
    | 'createdAt'
    | 'updatedAt'
    | 'createdBy'
    | 'updatedBy'
    | 'version'
    | 'possibleDuplicateCount'
    | 'lastVisitAt'
    | 'smsConsent'
    | 'emailConsent'
  >
> & {
  smsConsent?: { granted: boolean; method?: string | null };
  emailConsent?: { granted: boolean; method?: string | null };
};

/** Keys of the import screen's REST reads (files: web/README.md); clients themselves live in Apollo's cache. */
export const clientKeys = {
  imports: ['/api/client-imports'] as const,
  importOne: (id: string) => ['/api/client-imports', id] as const,
};

export type TemplateInput = Pick<NoteTemplate, 'name' | 'description' | 'sections'>;

export const importsApi = {
  list: () => apiRequest<ClientImport[] | { data: ClientImport[] }>('GET', '/api/client-imports').then(listOf),
  get: (id: string) => apiRequest<ClientImport>('GET', `/api/client-imports/${enc(id)}`),
  upload: (file: Blob, fileName: string) =>
    sendRaw<ClientImport>('POST', `/api/client-imports?fileName=${enc(fileName)}`, file, 'text/csv'),
  preview: (id: string, mapping: Record<string, string | null>) =>
    apiRequest<ImportPreview>('GET', `/api/client-imports/${enc(id)}/preview?mapping=${enc(JSON.stringify(mapping))}`),
  start: (id: string, mapping: Record<string, string | null>, onDuplicate: 'skip' | 'update') =>
    apiRequest<ClientImport>('POST', `/api/client-imports/${enc(id)}/start`, { mapping, onDuplicate }),
  rejectedPath: (id: string) => `/api/client-imports/${enc(id)}/rejected.csv`,
};

function listOf<T>(answer: T[] | { data: T[] } | null): T[] {
  if (Array.isArray(answer)) return answer;
  if (answer && Array.isArray((answer as { data: T[] }).data)) return (answer as { data: T[] }).data;
  return [];
}

async function failure(res: Response): Promise<never> {
  const text = await res.text().catch(() => '');
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    /* keep text */
  }
  if (res.status === 401) {
    handleUnauthorized();
    throw new ApiError(AUTH_REQUIRED_MESSAGE, 401, body, res.statusText);
  }
  throw new ApiError(errorMessageFrom(body, res.statusText, res.status), res.status, body, res.statusText);
}

/** A body that is not JSON (the CSV upload), with the bearer token like every call. */
async function sendRaw<T>(method: 'POST' | 'PUT', path: string, body: Blob, contentType: string): Promise<T> {
  const res = await fetch(path, {
    method,
    headers: { 'Content-Type': contentType, Accept: 'application/json', ...authHeaders() },
    credentials: 'include',
    body,
  });
  if (!res.ok) return failure(res);
  const text = await res.text();
  return (text ? JSON.parse(text) : null) as T;
}

/** 'attachment; filename="clients-2026-11-21.csv"' → 'clients-2026-11-21.csv' (RFC 6266, filename* first). */
export function filenameFromDisposition(header: string | null, fallback: string): string {
  if (!header) return fallback;
  const star = /filename\*\s*=\s*(?:UTF-8|utf-8)?''([^;]+)/.exec(header);
  if (star) {
    try {
      return decodeURIComponent(star[1].trim().replace(/^"|"$/g, ''));
    } catch {
      /* fall through */
    }
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/.exec(header);
  const name = plain ? (plain[2] ?? plain[1]).trim() : '';
  return name || fallback;
}

/** GET a file with the bearer token and save it under the server's file name. */
export async function downloadFile(path: string, fallbackName: string): Promise<string> {
  const res = await fetch(path, { headers: { ...authHeaders() }, credentials: 'include' });
  if (!res.ok) return failure(res);
  const blob = await res.blob();
  const name = filenameFromDisposition(res.headers.get('Content-Disposition'), fallbackName);
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return name;
}

export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : 'Something went wrong';
}

/** On a 409 of a versioned PATCH, the current record the server sent in `details`. */
export function currentFromConflict<T extends { id: string; version: number }>(error: unknown): T | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const body = error.body as { details?: unknown; current?: unknown } | null;
  for (const cand of [body?.details, (body?.details as { current?: unknown } | undefined)?.current, body?.current]) {
    if (
      cand &&
      typeof cand === 'object' &&
      !Array.isArray(cand) &&
      typeof (cand as T).id === 'string' &&
      typeof (cand as T).version === 'number'
    )
      return cand as T;
  }
  return null;
}
