import type { IncomingHttpHeaders } from 'node:http';
import { AUTHENTICATION_REQUIRED } from '@salon/contracts';
import { bearerToken, TokenRejectedError, type TokenService, type VerifiedToken } from '@salon/tokens';
import type { Logger } from 'pino';
import { pathHasPrefix } from './service-registry.js';

export interface PublicRoute {
  /** HTTP method, or '*' for any. GET also covers HEAD. */
  method: 'GET' | 'POST' | '*';
  path: string;
  /** `exact`: the path only; `subtree`: the path and everything below it; `below`: only paths below it. */
  match: 'exact' | 'subtree' | 'below';
}

/**
 * The REST paths that need no token at the edge: sign-in and recovery, provider webhooks (they
 * carry provider signatures the owning service verifies), and the public booking, forms and
 * documents pages clients open without an account. Everything else under /api needs a valid token.
 * The services still decide on their own; this list only decides what the gateway lets through.
 */
export const PUBLIC_ROUTES: readonly PublicRoute[] = [
  { method: 'POST', path: '/api/auth/login', match: 'exact' },
  { method: 'POST', path: '/api/auth/forgot-password', match: 'exact' },
  { method: 'POST', path: '/api/auth/forgot-password-sms', match: 'exact' },
  { method: 'POST', path: '/api/auth/reset-password', match: 'exact' },
  { method: 'POST', path: '/api/auth/accept-invitation', match: 'exact' },
  { method: '*', path: '/api/webhooks', match: 'below' },
  { method: 'GET', path: '/api/services', match: 'subtree' },
  { method: 'GET', path: '/api/availability', match: 'exact' },
  { method: 'GET', path: '/api/online-booking', match: 'exact' },
  { method: 'GET', path: '/api/online-booking/services', match: 'exact' },
  { method: 'GET', path: '/api/online-booking/staff', match: 'exact' },
  { method: 'GET', path: '/api/online-booking/availability', match: 'exact' },
  { method: 'POST', path: '/api/online-booking/appointments', match: 'exact' },
  // A client's "was this booking yours?" link (view, confirm): the unguessable token is the credential.
  { method: '*', path: '/api/online-booking/claims', match: 'below' },
  // A waitlisted client's offer link (view, accept, decline): the unguessable token is the credential.
  { method: '*', path: '/api/waitlist/offers', match: 'below' },
  { method: 'GET', path: '/api/classes/public', match: 'exact' },
  // A staff member's calendar feed, read by Google or Apple Calendar: the secret in the path is the credential.
  { method: 'GET', path: '/api/calendar-feeds/ics', match: 'below' },
  // An online booking's deposit (start it for the booked appointment, read it): the unguessable ids are the credential.
  { method: 'POST', path: '/api/booking-deposits', match: 'exact' },
  { method: 'GET', path: '/api/booking-deposits', match: 'below' },
  // A gift card bought from the booking page: started with the page's request key, read by the order's id.
  { method: 'POST', path: '/api/online-gift-cards', match: 'exact' },
  { method: 'GET', path: '/api/online-gift-cards', match: 'below' },
  // The public form and document pages (/forms/{id}, /documents/{id}): the documents service serves
  // a published form, takes its submission (checking any link token), and a live shared document.
  { method: 'GET', path: '/api/forms/public', match: 'below' },
  { method: 'POST', path: '/api/forms/public', match: 'below' },
  { method: 'GET', path: '/api/documents/public', match: 'below' },
  // A campaign's unsubscribe link (the page, and RFC 8058's one-click POST): the signed token is the credential.
  { method: '*', path: '/api/marketing/unsubscribe', match: 'below' },
  // A campaign e-mail's open pixel and tracked links: the signed token is the credential.
  { method: 'GET', path: '/api/marketing/track/open', match: 'below' },
  { method: 'GET', path: '/api/marketing/track/click', match: 'below' },
];

export function isPublicRoute(method: string, path: string, routes: readonly PublicRoute[] = PUBLIC_ROUTES): boolean {
  const normalizedMethod = method === 'HEAD' ? 'GET' : method;
  // A trailing slash must not change the answer ('/api/auth/login/' is the same route to Express).
  const normalizedPath = path.length > 1 ? path.replace(/\/+$/, '') : path;
  return routes.some((route) => {
    if (route.method !== '*' && route.method !== normalizedMethod) return false;
    switch (route.match) {
      case 'exact':
        return normalizedPath === route.path;
      case 'subtree':
        return pathHasPrefix(normalizedPath, route.path);
      case 'below':
        return normalizedPath.startsWith(`${route.path}/`);
    }
  });
}

export const AUTH_REQUIRED_BODY = { error: AUTHENTICATION_REQUIRED } as const;

export type EdgeAuthResult =
  | { status: 'anonymous' }
  | { status: 'authenticated'; user: VerifiedToken }
  | { status: 'rejected'; reason: TokenRejectedError['reason'] | 'not-bearer' };

/**
 * Verifies tokens at the edge with the shared TokenService (signature, algorithm allowlist,
 * exp/iss/aud, Redis revocation). It never changes the Authorization header: the services verify
 * again themselves.
 */
export class EdgeAuth {
  constructor(
    private readonly tokens: TokenService,
    private readonly logger: Logger,
  ) {}

  /** Throws only when verification itself fails (e.g. Redis down); a bad token is a result. */
  async check(headers: IncomingHttpHeaders): Promise<EdgeAuthResult> {
    const header = headers.authorization;
    if (header === undefined || header === '') return { status: 'anonymous' };
    const token = bearerToken(header);
    if (!token) return { status: 'rejected', reason: 'not-bearer' };
    try {
      return { status: 'authenticated', user: await this.tokens.verify(token) };
    } catch (error) {
      if (error instanceof TokenRejectedError) {
        this.logger.debug({ reason: error.reason }, 'token rejected at the edge');
        return { status: 'rejected', reason: error.reason };
      }
      throw error;
    }
  }
}
