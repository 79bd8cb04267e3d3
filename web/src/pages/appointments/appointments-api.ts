import { graphql } from '../../gql';
import { api, apiRequest, authHeaders } from '../../lib/api-client';
import type { WorkingHoursRow } from './time-grid';

export interface Appointment {
  id: string;
  locationId: string;
  clientId: string;
  status: string;
  startsAt: string;
  endsAt: string;
  serviceId: string;
  serviceName: string;
  staffId: string;
  service?: Record<string, unknown> | null;
  cancelReason?: string | null;
  notes?: string | null;
  version: number;
  /** The visit's services in order; more than one for a multi-service visit (each may be with another staff member). */
  segments?: AppointmentSegment[];
}

export interface AppointmentSegment { position: number; serviceId: string; staffId: string; startsAt: string; endsAt: string }

export interface ServiceOption { id: string; name: string; durationMin: number; category?: string | null; active?: boolean; staff?: { staffId: string }[] }
export interface Alternative { startsAt: string; endsAt?: string; staffId?: string; staffName?: string }
export interface StaffMember { id: string; fullName: string; isActive?: boolean }

export const STAFF_NAMES = graphql(`
  query AppointmentsStaff {
    users(role: staff) {
      id
      fullName
      isActive
    }
  }
`);

export const appointmentsKey = (locationId: string | undefined, from: string, to: string) => ['/api/appointments', locationId ?? null, from, to] as const;

export interface TaggedList { etag: string | null; items: Appointment[] }

/**
 * The list for a polling calendar: sends the last ETag back, and on 304 (nothing changed) keeps
 * `previous` as is, so an idle poll moves a few bytes and re-renders nothing.
 */
export async function fetchAppointmentsIfChanged(locationId: string, from: Date, to: Date, previous: TaggedList | undefined, fetchImpl: typeof fetch = fetch): Promise<TaggedList> {
  const q = new URLSearchParams({ from: from.toISOString(), to: to.toISOString(), locationId });
  const headers: Record<string, string> = { Accept: 'application/json', ...authHeaders() };
  if (previous?.etag) headers['If-None-Match'] = previous.etag;
  // no-store: the conditional request is ours; the browser cache must not answer it for us.
  const res = await fetchImpl(`/api/appointments?${q}`, { headers, credentials: 'include', cache: 'no-store' });
  if (res.status === 304 && previous) return previous;
  // Errors go the shared client's way (a 401 ends the session, messages as everywhere else).
  if (!res.ok) return apiRequest<Appointment[]>('GET', `/api/appointments?${q}`).then((items) => ({ etag: null, items: listOf<Appointment>(items) }));
  return { etag: res.headers.get('ETag'), items: listOf<Appointment>(await res.json()) };
}

export interface UnavailableInterval { startsAt: string; endsAt: string; code: string; reason: string }
export interface UnavailableStaff { staffId: string; name: string; intervals: UnavailableInterval[] }
export interface UnavailableView { timeZone: string; from: string; to: string; staff: UnavailableStaff[] }

/** Per staff member (ordered by name), when they cannot be booked in the window and the engine's reason. */
export function fetchUnavailable(locationId: string, from: Date, to: Date): Promise<UnavailableView> {
  const q = new URLSearchParams({ locationId, from: from.toISOString(), to: to.toISOString() });
  return api.get<UnavailableView>(`/api/availability/unavailable?${q}`);
}

export function fetchServices(locationId: string): Promise<ServiceOption[]> {
  return api.get<unknown>(`/api/services?locationId=${encodeURIComponent(locationId)}`).then(listOf<ServiceOption>);
}

export function fetchWorkingHours(locationId: string): Promise<WorkingHoursRow[]> {
  return api.get<unknown>(`/api/working-hours?locationId=${encodeURIComponent(locationId)}`).then(listOf<WorkingHoursRow>);
}

export function fetchClientName(id: string): Promise<string> {
  return api.get<{ fullName?: string; firstName?: string; lastName?: string | null }>(`/api/clients/${encodeURIComponent(id)}`).then(
    (c) => c?.fullName || [c?.firstName, c?.lastName].filter(Boolean).join(' ') || 'Client',
  );
}

export interface BookInput { locationId: string; clientId: string; serviceId: string; staffId?: string | null; startsAt: string }
export function bookAppointment(input: BookInput): Promise<Appointment> {
  return api.post<Appointment>('/api/appointments', { ...input, staffId: input.staffId || undefined, source: 'staff' });
}

export interface PatchInput { startsAt?: string; staffId?: string; endsAt?: string; status?: string; cancelReason?: string | null; version?: number }
export function patchAppointment(id: string, patch: PatchInput): Promise<Appointment> {
  return apiRequest<Appointment>('PATCH', `/api/appointments/${encodeURIComponent(id)}`, patch);
}

/** An array answer, or `{items}`/`{data}` around one. */
export function listOf<T>(r: unknown): T[] {
  if (Array.isArray(r)) return r as T[];
  if (r && typeof r === 'object') {
    const o = r as Record<string, unknown>;
    if (Array.isArray(o.items)) return o.items as T[];
    if (Array.isArray(o.data)) return o.data as T[];
  }
  return [];
}

export { conflictOf } from '../../lib/api-client';
