/** Public-route detection and the 401 redirect rule (spec §2, §4, §8). Pure. */
import { isDigitsId, isSlugId } from '@salon/contracts/rules/ids';

export const PUBLIC_FORM_PATH = /^\/forms\/(\d+)\/?$/;
export const PUBLIC_DOCUMENT_PATH = /^\/documents\/([A-Za-z0-9_-]+)\/?$/;

/** Spec §5: a public form id is digits only (the platform's id rule, @salon/contracts rules/ids). */
export function isPublicFormId(id: string | undefined): boolean {
  return isDigitsId(id);
}

/** Spec §5: a public document id is letters, digits, underscore and hyphen. */
export function isPublicDocumentId(id: string | undefined): boolean {
  return isSlugId(id);
}

/** /forms/{digits}: default theme colours and no session loading. */
export function isPublicFormPath(pathname: string): boolean {
  return PUBLIC_FORM_PATH.test(pathname);
}

/** Pages shown without sidebar or header, to signed-in and signed-out visitors alike. */
export function isPublicPath(pathname: string): boolean {
  const p = normalise(pathname);
  return (
    p === '/forgot-password' ||
    p === '/forgot-password-sms' ||
    p === '/reset-password' ||
    p === '/accept-invitation' ||
    p === '/booking' ||
    isPublicFormPath(p) ||
    PUBLIC_DOCUMENT_PATH.test(p)
  );
}

/**
 * Spec §8: a 401 clears the session and goes to /login unless already on
 * /login, /forgot-password, /reset-password, /booking or /forms/{id}.
 */
export function shouldRedirectOn401(pathname: string): boolean {
  const p = normalise(pathname);
  if (p === '/login' || p === '/forgot-password' || p === '/reset-password' || p === '/booking') return false;
  if (isPublicFormPath(p)) return false;
  return true;
}

function normalise(pathname: string): string {
  if (pathname.length > 1 && pathname.endsWith('/')) return pathname.slice(0, -1);
  return pathname;
}
