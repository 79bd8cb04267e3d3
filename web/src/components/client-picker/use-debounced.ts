import { useEffect, useState } from 'react';

/** The value once it has stopped changing for `ms` (search boxes: ~150 ms). */
export function useDebounced<T>(value: T, ms = 150): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    if (Object.is(value, debounced)) return;
    const t = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(t);
  }, [value, ms, debounced]);
  return debounced;
}
