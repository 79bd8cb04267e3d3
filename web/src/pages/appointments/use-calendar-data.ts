import { useMemo } from 'react';
import { useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { useQuery as useApolloQuery } from '@apollo/client/react';
import { useLocations } from '../../session/location-context';
import { fetchClasses } from '../classes/classes-api';
import { STAFF_NAMES, appointmentsKey, fetchAppointmentsIfChanged, fetchClientName, fetchUnavailable, fetchWorkingHours, type TaggedList } from './appointments-api';
import { dayRange } from './time-grid';

/**
 * Changes by other staff show within this long. Cheap because the list answers 304 with no body
 * while its ETag (ids and versions of the window's appointments) is unchanged.
 */
export const REFRESH_MS = 3_000;
/** Working hours, breaks and time off change rarely: the shading is refreshed less often. */
export const SHADING_REFRESH_MS = 60_000;
/** Class sessions (their fill and waitlist) are re-read this often, and on focus. */
export const CLASSES_REFRESH_MS = 30_000;

/** Appointments and class sessions of `days` local days from `date` at the selected location (polled), the shading with reasons, staff and client names. */
export function useCalendarData(date: string, days: number) {
  const { selected } = useLocations();
  const locationId = selected?.id;
  const qc = useQueryClient();
  const range = useMemo(() => dayRange(date, days), [date, days]);
  const from = range.from.toISOString();
  const to = range.to.toISOString();
  const key = appointmentsKey(locationId, from, to);
  const appts = useQuery({
    queryKey: key,
    queryFn: () => fetchAppointmentsIfChanged(locationId!, range.from, range.to, qc.getQueryData<TaggedList>(key)),
    enabled: !!locationId,
    refetchInterval: REFRESH_MS,
    refetchOnWindowFocus: true,
  });
  const hours = useQuery({
    queryKey: ['/api/working-hours', locationId ?? null],
    queryFn: () => fetchWorkingHours(locationId!),
    enabled: !!locationId,
    staleTime: 60_000,
  });
  const shading = useQuery({
    queryKey: ['/api/availability/unavailable', locationId ?? null, from, to],
    queryFn: () => fetchUnavailable(locationId!, range.from, range.to),
    enabled: !!locationId,
    refetchInterval: SHADING_REFRESH_MS,
    refetchOnWindowFocus: true,
    retry: false,
  });
  // Under the '/api/classes' prefix, so /classes' own refresh after a change reaches it too.
  const classes = useQuery({
    queryKey: ['/api/classes', 'calendar', locationId ?? null, from, to],
    queryFn: () => fetchClasses(locationId!, range.from, range.to),
    enabled: !!locationId,
    refetchInterval: CLASSES_REFRESH_MS,
    refetchOnWindowFocus: true,
    // A caller who may book but not list classes still gets the calendar, just without class blocks.
    retry: false,
  });
  const staffQ = useApolloQuery(STAFF_NAMES, { fetchPolicy: 'cache-first', errorPolicy: 'all' });
  const items = useMemo(() => appts.data?.items ?? [], [appts.data]);
  const clientIds = useMemo(() => [...new Set(items.map((a) => a.clientId))].sort(), [items]);
  const clientQs = useQueries({
    queries: clientIds.map((id) => ({ queryKey: ['/api/clients', id, 'name'], queryFn: () => fetchClientName(id), staleTime: 300_000, retry: false })),
  });
  const clientNames = new Map<string, string>();
  clientIds.forEach((id, i) => {
    const n = clientQs[i]?.data;
    if (n) clientNames.set(id, n);
  });
  const staffNames = new Map<string, string>();
  // The shading names everyone it covers, even for a caller who may not list all staff.
  for (const s of shading.data?.staff ?? []) staffNames.set(s.staffId, s.name);
  for (const s of staffQ.data?.users ?? []) staffNames.set(s.id, s.fullName);
  return {
    locationId,
    location: selected,
    items,
    loading: appts.isPending && !!locationId,
    error: appts.error as Error | null,
    workingHours: hours.data ?? [],
    unavailable: shading.data?.staff ?? null,
    classes: classes.data ?? [],
    staff: staffQ.data?.users ?? [],
    staffNames,
    clientNames,
    queryKey: key,
  };
}
