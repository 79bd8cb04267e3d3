import { useMemo } from 'react';
import { useQueries, useQuery } from '@tanstack/react-query';
import { useQuery as useApolloQuery } from '@apollo/client/react';
import { useLocations } from '../../session/location-context';
import { STAFF_NAMES, appointmentsKey, fetchAppointments, fetchClientName, fetchWorkingHours, type StaffMember } from './appointments-api';
import { dayRange } from './time-grid';

export const REFRESH_MS = 10_000;

/** Appointments of `days` local days from `date` at the selected location, refreshed every 10 s and on focus; staff and client names. */
export function useCalendarData(date: string, days: number) {
  const { selected } = useLocations();
  const locationId = selected?.id;
  const range = useMemo(() => dayRange(date, days), [date, days]);
  const from = range.from.toISOString();
  const to = range.to.toISOString();
  const appts = useQuery({
    queryKey: appointmentsKey(locationId, from, to),
    queryFn: () => fetchAppointments(locationId!, range.from, range.to),
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
  const staffQ = useApolloQuery<{ users: StaffMember[] }>(STAFF_NAMES, { fetchPolicy: 'cache-first', errorPolicy: 'all' });
  const items = useMemo(() => appts.data ?? [], [appts.data]);
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
  for (const s of staffQ.data?.users ?? []) staffNames.set(s.id, s.fullName);
  return {
    locationId,
    location: selected,
    items,
    loading: appts.isPending && !!locationId,
    error: appts.error as Error | null,
    workingHours: hours.data ?? [],
    staff: staffQ.data?.users ?? [],
    staffNames,
    clientNames,
    queryKey: appointmentsKey(locationId, from, to),
  };
}
