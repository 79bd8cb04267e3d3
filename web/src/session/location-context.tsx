import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { api } from '../lib/api-client';
import { activeLocations, pickSelectedLocation } from '../lib/locations';
import { useSession } from './session-context';
import { STORAGE_KEYS, storage } from './storage-keys';
import type { Location } from '@salon/contracts';

export const LOCATIONS_QUERY_KEY = ['/api/locations'] as const;

interface LocationValue {
  locations: Location[];
  active: Location[];
  selected: Location | null;
  isLoading: boolean;
  error: Error | null;
  select(id: string): void;
}

const LocationContext = createContext<LocationValue | null>(null);

/** Locations from GET /api/locations?timestamp=… and the selected one (spec §4). */
export function LocationProvider({ children }: { children: ReactNode }) {
  const { status, user } = useSession();
  const enabled = status === 'authenticated' && !!user && user.role !== 'client';
  const query = useQuery({
    queryKey: LOCATIONS_QUERY_KEY,
    queryFn: () => api.get<Location[]>(`/api/locations?timestamp=${Date.now()}`),
    enabled,
  });
  const [chosenId, setChosenId] = useState<string | null>(() => storage.get(STORAGE_KEYS.selectedLocationId));
  const select = useCallback((id: string) => {
    storage.set(STORAGE_KEYS.selectedLocationId, id);
    setChosenId(id);
  }, []);
  const value = useMemo<LocationValue>(() => {
    const locations = Array.isArray(query.data) ? query.data : [];
    return {
      locations,
      active: activeLocations(locations),
      selected: pickSelectedLocation(locations, chosenId),
      isLoading: enabled && query.isPending,
      error: (query.error as Error | null) ?? null,
      select,
    };
  }, [query.data, query.isPending, query.error, enabled, chosenId, select]);
  return <LocationContext.Provider value={value}>{children}</LocationContext.Provider>;
}

export function useLocations(): LocationValue {
  const v = useContext(LocationContext);
  if (!v) throw new Error('useLocations must be used inside LocationProvider');
  return v;
}
