import { useMemo } from 'react';
import { useQuery } from '@apollo/client/react';
import { useRefetchOnFocus } from '../../lib/use-refetch-on-focus';
import { useLocations } from '../../session/location-context';
import type { ClassSession } from '../classes/classes-api';
import { STAFF_NAMES, type Appointment } from './appointments-api';
import { CALENDAR_APPOINTMENTS, CALENDAR_CLASSES, CALENDAR_UNAVAILABLE, CALENDAR_WORKING_HOURS } from './appointments-gql';
import { dayRange, type WorkingHoursRow } from './time-grid';

/**
 * Changes by other staff show within this long. Apollo compares each poll's answer with its cache,
 * so an idle poll changes no object and re-renders nothing.
 */
export const REFRESH_MS = 3_000;
/** Working hours, breaks and time off change rarely: the shading is refreshed less often. */
export const SHADING_REFRESH_MS = 60_000;
/** Class sessions (their fill and waitlist) are re-read this often, and on focus. */
export const CLASSES_REFRESH_MS = 30_000;

/** The operations a change on the calendar re-reads (appointments, and the shading and classes around them). */
export const CALENDAR_QUERIES = ['CalendarAppointments'];

/** Appointments and class sessions of `days` local days from `date` at the selected location (polled), the shading with reasons, staff and client names. */
export function useCalendarData(date: string, days: number) {
  const { selected } = useLocations();
  const locationId = selected?.id;
  const range = useMemo(() => dayRange(date, days), [date, days]);
  const from = range.from.toISOString();
  const to = range.to.toISOString();
  const skip = !locationId;
  const vars = { locationId: locationId ?? '', from, to };
  // errorPolicy all: a caller who may not read clients still gets the appointments, without names.
  const appts = useQuery(CALENDAR_APPOINTMENTS, { variables: vars, skip, pollInterval: REFRESH_MS, errorPolicy: 'all' });
  const hours = useQuery(CALENDAR_WORKING_HOURS, { variables: { locationId: locationId ?? '' }, skip });
  const shading = useQuery(CALENDAR_UNAVAILABLE, { variables: vars, skip, pollInterval: SHADING_REFRESH_MS });
  // A caller who may book but not list classes still gets the calendar, just without class blocks.
  const classes = useQuery(CALENDAR_CLASSES, { variables: vars, skip, pollInterval: CLASSES_REFRESH_MS });
  useRefetchOnFocus(() => Promise.all([appts.refetch(), shading.refetch(), classes.refetch()]), !skip);
  const staffQ = useQuery(STAFF_NAMES, { fetchPolicy: 'cache-first', errorPolicy: 'all' });
  const items = useMemo<Appointment[]>(() => appts.data?.appointments ?? [], [appts.data]);
  const clientNames = useMemo(() => {
    const names = new Map<string, string>();
    for (const a of appts.data?.appointments ?? []) if (a.client?.fullName) names.set(a.clientId, a.client.fullName);
    return names;
  }, [appts.data]);
  const staffNames = new Map<string, string>();
  // The shading names everyone it covers, even for a caller who may not list all staff.
  for (const s of shading.data?.calendarUnavailable.staff ?? []) staffNames.set(s.staffId, s.name);
  for (const s of staffQ.data?.users ?? []) staffNames.set(s.id, s.fullName);
  return {
    locationId,
    location: selected,
    items,
    loading: appts.loading && !appts.data && !!locationId,
    // Only a failed read of the appointments themselves (names that could not be read are left out).
    error: (appts.data ? null : (appts.error ?? null)) as Error | null,
    // GraphQL types kind/status as String; these are the contract's values (work | break, scheduled | cancelled).
    workingHours: (hours.data?.workingHours ?? []) as WorkingHoursRow[],
    unavailable: shading.data?.calendarUnavailable.staff ?? null,
    classes: (classes.data?.classSessions ?? []) as ClassSession[],
    staff: staffQ.data?.users ?? [],
    staffNames,
    clientNames,
  };
}
