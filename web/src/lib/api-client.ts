import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { bookingConflictBodySchema, type AlternativeSlot, type TakenTime } from '@salon/contracts/scheduling';
import { STORAGE_KEYS, storage } from '../session/storage-keys';
import { handleUnauthorized } from './unauthorized';

/** Error of a non-OK answer: message from body.error or body.message, else the status text (spec §8). */
export class ApiError extends Error {
  readonly status: number;
  readonly statusText: string;
  readonly body: unknown;
  constructor(message: string, status: number, body: unknown, statusText = '') {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
    this.statusText = statusText;
  }
}

export const AUTH_REQUIRED_MESSAGE = 'Authentication required';

export function errorMessageFrom(body: unknown, statusText: string, status: number): string {
  if (body && typeof body === 'object') {
    const b = body as Record<string, unknown>;
    if (typeof b.error === 'string' && b.error) return b.error;
    if (typeof b.message === 'string' && b.message) return b.message;
  }
  if (statusText) return statusText;
  return `Request failed with status ${status}`;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  /** Fetch implementation (tests). */
  fetchImpl?: typeof fetch;
  signal?: AbortSignal;
  /**
   * Whether a 401 means the session ended (default). The login call turns this off: its 401
   * is a wrong password, not an expired session.
   */
  sessionCall?: boolean;
  /** Extra request headers (e.g. an Idempotency-Key). */
  headers?: Record<string, string>;
}

export function authHeaders(): Record<string, string> {
  const token = storage.get(STORAGE_KEYS.token);
  return token ? { Authorization: `Bearer ${token}` } : {};
}

/** The one small fetch client all shell REST calls go through (spec §7). */
export async function apiRequest<T = unknown>(method: HttpMethod, path: string, body?: unknown, options: RequestOptions = {}): Promise<T> {
  const doFetch = options.fetchImpl ?? fetch;
  const res = await doFetch(path, {
    method,
    headers: { 'Content-Type': 'application/json', Accept: 'application/json', ...authHeaders(), ...options.headers },
    credentials: 'include',
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: options.signal,
  });
  const parsed = await readBody(res);
  if (res.status === 401) {
    // Spec §8: a 401 of a session call always reads 'Authentication required'. A call that is
    // not a session call (sign-in) keeps the server's reason, e.g. 'Invalid email or password'.
    if (options.sessionCall !== false) {
      handleUnauthorized();
      throw new ApiError(AUTH_REQUIRED_MESSAGE, 401, parsed, res.statusText);
    }
    const message = hasMessage(parsed) ? errorMessageFrom(parsed, res.statusText, 401) : AUTH_REQUIRED_MESSAGE;
    throw new ApiError(message, 401, parsed, res.statusText);
  }
  if (!res.ok) {
    throw new ApiError(errorMessageFrom(parsed, res.statusText, res.status), res.status, parsed, res.statusText);
  }
  return parsed as T;
}

function hasMessage(body: unknown): boolean {
  if (!body || typeof body !== 'object') return false;
  const b = body as Record<string, unknown>;
  return (typeof b.error === 'string' && !!b.error) || (typeof b.message === 'string' && !!b.message);
}

async function readBody(res: Response): Promise<unknown> {
  if (res.status === 204) return null;
  const text = await res.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export const api = {
  get: <T>(path: string, o?: RequestOptions) => apiRequest<T>('GET', path, undefined, o),
  post: <T>(path: string, body?: unknown, o?: RequestOptions) => apiRequest<T>('POST', path, body ?? {}, o),
  put: <T>(path: string, body?: unknown, o?: RequestOptions) => apiRequest<T>('PUT', path, body ?? {}, o),
  delete: <T>(path: string, o?: RequestOptions) => apiRequest<T>('DELETE', path, undefined, o),
};

/** The field problems of a 400's `details`, keyed by field (`client.phone`), first message each (docs/api.md). */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  const details = error instanceof ApiError ? (error.body as { details?: unknown } | null)?.details : graphqlRefusalOf(error)?.details;
  const out: Record<string, string> = {};
  if (Array.isArray(details)) {
    for (const d of details) {
      if (d && typeof d === 'object' && typeof (d as { field?: unknown }).field === 'string') {
        const { field, message } = d as { field: string; message?: string };
        if (!out[field]) out[field] = message ?? 'is not valid';
      }
    }
  }
  return out;
}

/** What a refused booking, move, visit, series or class says (scheduling's one 409 body, contracts' bookingConflictBodySchema). */
export interface Conflict<T extends { startsAt: string }> {
  message: string;
  /** Each asked-for time that was not free, with why (one per date of a series or repeating class). */
  taken: TakenTime[];
  /** The nearest free times instead. */
  alternatives: T[];
}

/** The conflict's message and data: a REST 409's body, or a GraphQL error with code CONFLICT (its extensions carry the same fields). */
function conflictData(e: unknown): { message?: string; data: unknown } | null {
  if (e instanceof ApiError) return e.status === 409 ? { data: e.body } : null;
  const errors = (e as { errors?: unknown } | null)?.errors;
  if (!Array.isArray(errors)) return null;
  const hit = (errors as { message?: string; extensions?: Record<string, unknown> }[]).find((x) => x?.extensions?.code === 'CONFLICT');
  return hit ? { message: hit.message, data: { taken: hit.extensions!.taken, alternatives: hit.extensions!.alternatives } } : null;
}

const conflictFields = bookingConflictBodySchema.pick({ taken: true, alternatives: true }).loose();

/** A refused booking or move (409, REST or GraphQL): the server's reason, what was taken and the free times it offers instead. */
export function conflictOf<T extends { startsAt: string } = AlternativeSlot>(e: unknown): Conflict<T> {
  const found = conflictData(e);
  const message = found?.message ?? (e instanceof Error ? e.message : 'Something went wrong');
  const parsed = conflictFields.safeParse(found?.data ?? {});
  if (!parsed.success) return { message, taken: [], alternatives: [] };
  return { message, taken: parsed.data.taken ?? [], alternatives: (parsed.data.alternatives ?? []) as unknown as T[] };
}

/**
 * What a GraphQL refusal carries: the first error's message and its extensions (the same facts a
 * REST body gives: `details`, `field`, a conflict's `taken` and `alternatives`, a series' `conflicts`).
 */
export function graphqlRefusalOf(e: unknown): ({ message: string; code?: string } & Record<string, unknown>) | null {
  if (!CombinedGraphQLErrors.is(e)) return null;
  const first = e.errors[0];
  if (!first) return null;
  return { ...(first.extensions ?? {}), message: first.message };
}
