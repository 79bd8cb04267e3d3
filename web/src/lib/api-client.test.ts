import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest, conflictOf, errorMessageFrom } from './api-client';
import { onUnauthorized } from './unauthorized';

class MemoryStorage {
  private m = new Map<string, string>();
  getItem(k: string) {
    return this.m.has(k) ? this.m.get(k)! : null;
  }
  setItem(k: string, v: string) {
    this.m.set(k, String(v));
  }
  removeItem(k: string) {
    this.m.delete(k);
  }
  clear() {
    this.m.clear();
  }
}

function response(status: number, body: unknown, statusText = ''): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), { status, statusText });
}

describe('errorMessageFrom', () => {
  it('prefers body.error, then body.message, then the status text', () => {
    expect(errorMessageFrom({ error: 'E', message: 'M' }, 'Bad', 400)).toBe('E');
    expect(errorMessageFrom({ message: 'M' }, 'Bad', 400)).toBe('M');
    expect(errorMessageFrom('plain', 'Bad Request', 400)).toBe('Bad Request');
    expect(errorMessageFrom(null, '', 500)).toBe('Request failed with status 500');
  });
});

describe('apiRequest', () => {
  let local: MemoryStorage;
  beforeEach(() => {
    local = new MemoryStorage();
    vi.stubGlobal('window', { localStorage: local, location: { pathname: '/dashboard', assign: vi.fn() } });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('sends JSON, the bearer token and cookies', async () => {
    local.setItem('token', 'abc');
    const fetchImpl = vi.fn(async () => response(200, { ok: true }));
    const out = await apiRequest('PUT', '/api/x', { a: 1 }, { fetchImpl });
    expect(out).toEqual({ ok: true });
    const [path, init] = fetchImpl.mock.calls[0] as unknown as [string, RequestInit];
    expect(path).toBe('/api/x');
    expect(init.credentials).toBe('include');
    expect(init.body).toBe('{"a":1}');
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer abc');
    expect((init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
  });

  it('throws an error carrying status and body', async () => {
    const fetchImpl = vi.fn(async () => response(403, { error: 'Forbidden: requires view_staff' }, 'Forbidden'));
    const err = (await apiRequest('GET', '/api/x', undefined, { fetchImpl }).catch((e) => e)) as ApiError;
    expect(err).toBeInstanceOf(ApiError);
    expect(err.message).toBe('Forbidden: requires view_staff');
    expect(err.status).toBe(403);
    expect(err.body).toEqual({ error: 'Forbidden: requires view_staff' });
  });

  it('on 401 clears token and user and asks for a redirect', async () => {
    local.setItem('token', 't');
    local.setItem('user', '{}');
    local.setItem('customColor', '#000000');
    const seen: boolean[] = [];
    const off = onUnauthorized(({ redirect }) => seen.push(redirect));
    const fetchImpl = vi.fn(async () => response(401, { error: 'Authentication required' }, 'Unauthorized'));
    const err = (await apiRequest('GET', '/api/x', undefined, { fetchImpl }).catch((e) => e)) as ApiError;
    off();
    expect(err.status).toBe(401);
    expect(err.message).toBe('Authentication required');
    expect(local.getItem('token')).toBeNull();
    expect(local.getItem('user')).toBeNull();
    expect(local.getItem('customColor')).toBe('#000000');
    expect(seen).toEqual([true]);
  });

  it("says 'Authentication required' for a session call's 401 whatever the body says", async () => {
    local.setItem('token', 't');
    const off = onUnauthorized(() => undefined);
    const fetchImpl = vi.fn(async () => response(401, { error: 'Token revoked', message: 'jwt expired' }, 'Unauthorized'));
    const err = (await apiRequest('GET', '/api/x', undefined, { fetchImpl }).catch((e) => e)) as ApiError;
    off();
    expect(err.message).toBe('Authentication required');
    expect(err.status).toBe(401);
    expect(err.body).toEqual({ error: 'Token revoked', message: 'jwt expired' });
    expect(local.getItem('token')).toBeNull();
  });

  it("says 'Authentication required' for a bare 401 and keeps the session on a failed login", async () => {
    local.setItem('token', 't');
    const bare = vi.fn(async () => new Response(null, { status: 401, statusText: 'Unauthorized' }));
    const off = onUnauthorized(() => undefined);
    expect(((await apiRequest('GET', '/api/x', undefined, { fetchImpl: bare }).catch((e) => e)) as ApiError).message).toBe(
      'Authentication required',
    );
    local.setItem('token', 't');
    const login = vi.fn(async () => response(401, { error: 'Invalid email or password' }, 'Unauthorized'));
    const err = (await apiRequest('POST', '/api/auth/login', {}, { fetchImpl: login, sessionCall: false }).catch((e) => e)) as ApiError;
    off();
    expect(err.message).toBe('Invalid email or password');
    expect(local.getItem('token')).toBe('t');
  });
});

describe('conflictOf', () => {
  const taken = [
    { startsAt: '2030-03-12T19:00:00.000Z', reason: 'Dana Lee is already booked at 2:00 PM', kind: 'staff', id: 'd1', name: 'Dana Lee' },
  ];
  const alternatives = [
    { startsAt: '2030-03-12T19:15:00.000Z', endsAt: '2030-03-12T20:00:00.000Z', staffId: 'd1', staffName: 'Dana Lee', resources: [] },
  ];

  it('reads the one 409 body {error, taken, alternatives}', () => {
    const e = new ApiError('Dana Lee is already booked at 2:00 PM', 409, {
      error: 'Dana Lee is already booked at 2:00 PM',
      taken,
      alternatives,
    });
    expect(conflictOf(e)).toEqual({ message: 'Dana Lee is already booked at 2:00 PM', taken, alternatives });
  });
  it("reads the same fields from a GraphQL error's extensions", () => {
    const e = Object.assign(new Error('combined'), {
      errors: [{ message: 'Dana Lee is already booked at 2:00 PM', extensions: { code: 'CONFLICT', status: 409, taken, alternatives } }],
    });
    expect(conflictOf(e)).toEqual({ message: 'Dana Lee is already booked at 2:00 PM', taken, alternatives });
  });
  it('gives only the message for any other error', () => {
    expect(conflictOf(new ApiError('Forbidden', 403, { error: 'Forbidden' }))).toEqual({
      message: 'Forbidden',
      taken: [],
      alternatives: [],
    });
    expect(conflictOf('boom')).toEqual({ message: 'Something went wrong', taken: [], alternatives: [] });
  });
});
