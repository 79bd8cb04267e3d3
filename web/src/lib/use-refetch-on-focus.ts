import { useEffect, useRef } from 'react';

/** Re-reads when the window regains focus (what TanStack Query's refetchOnWindowFocus did for these screens). */
export function useRefetchOnFocus(refetch: () => unknown, enabled = true): void {
  const latest = useRef(refetch);
  latest.current = refetch;
  useEffect(() => {
    if (!enabled) return undefined;
    const onFocus = () => {
      if (document.visibilityState !== 'hidden') void Promise.resolve(latest.current()).catch(() => undefined);
    };
    window.addEventListener('focus', onFocus);
    return () => window.removeEventListener('focus', onFocus);
  }, [enabled]);
}
