import { gql } from '@apollo/client';
import { ApiError, api, apiRequest } from '../../lib/api-client';
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
}

export interface ServiceOption { id: string; name: string; durationMin: number; category?: string | null; active?: boolean; staff?: { staffId: string }[] }
export interface Alternative { startsAt: string; endsAt?: string; staffId?: string; staffName?: string }
export interface StaffMember { id: string; fullName: string; isActive?: boolean }

export const STAFF_NAMES = gql`
  query AppointmentsStaff {
    users(role: staff) {
      id
      fullName
      isActive
    }
  }
`;

export const appointmentsKey = (locationId: string | undefined, from: string, to: string) => ['/api/appointments', locationId ?? null, from, to] as const;

export function fetchAppointments(locationId: string, from: Date, to: Date): Promise<Appointment[]> {
  const q = new URLSearchParams({ from: from.toISOString(), to: to.toISOString(), locationId });
  return api.get<Appointment[]>(`/api/appointments?${q}`).then((r) => (Array.isArray(r) ? r : []));
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

export interface PatchInput { startsAt?: string; staffId?: string; status?: string; cancelReason?: string | null; version?: number }
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

/** The server's refusal: message plus the alternatives of a 409. */
export function conflictOf(e: unknown): { message: string; alternatives: Alternative[] } {
  if (e instanceof ApiError) {
    const body = (e.body ?? {}) as { alternatives?: unknown };
    const alternatives = Array.isArray(body.alternatives) ? (body.alternatives as Alternative[]).filter((a) => a && typeof a.startsAt === 'string') : [];
    return { message: e.message, alternatives };
  }
  return { message: e instanceof Error ? e.message : 'Something went wrong', alternatives: [] };
}
