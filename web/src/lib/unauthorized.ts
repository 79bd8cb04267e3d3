import { STORAGE_KEYS, storage } from '../session/storage-keys';
import { shouldRedirectOn401 } from '../session/public-paths';

/**
 * The one place a 401 (REST or GraphQL) is handled, spec §4/§8: token and user are cleared,
 * then listeners (the session provider) sign out in memory and — unless the current page is
 * exempt — navigate to /login.
 */
type Listener = (info: { redirect: boolean }) => void;
const listeners = new Set<Listener>();

export function onUnauthorized(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function handleUnauthorized(pathname: string = currentPath()): void {
  storage.remove(STORAGE_KEYS.token);
  storage.remove(STORAGE_KEYS.user);
  const redirect = shouldRedirectOn401(pathname);
  if (listeners.size === 0) {
    if (redirect && typeof window !== 'undefined') window.location.assign('/login');
    return;
  }
  for (const l of listeners) l({ redirect });
}

function currentPath(): string {
  return typeof window !== 'undefined' ? window.location.pathname : '/';
}
