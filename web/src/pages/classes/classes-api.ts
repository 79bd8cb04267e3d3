import type { ClassSessionView, EnrolmentStatus, EnrolmentView, SessionStatus } from '@salon/contracts';
import { api, apiRequest, conflictOf } from '../../lib/api-client';
import { fieldErrorsOf } from '../clients/clients-api';

export type { EnrolmentStatus, SessionStatus };
export type ClassSession = ClassSessionView;
export type Enrolment = EnrolmentView;

export interface ClassDetail extends ClassSession {
  enrolments: Enrolment[];
}

export interface RoomOption {
  id: string;
  name: string;
  capacity: number;
  active: boolean;
}

export const classesKey = (locationId: string | undefined, from: string) => ['/api/classes', locationId ?? null, from] as const;
export const classKey = (id: string) => ['/api/classes', 'detail', id] as const;

export function fetchClasses(locationId: string, from: Date, to: Date): Promise<ClassSession[]> {
  const q = new URLSearchParams({ locationId, from: from.toISOString(), to: to.toISOString() });
  return api.get<ClassSession[]>(`/api/classes?${q}`);
}

export const fetchClass = (id: string) => api.get<ClassDetail>(`/api/classes/${encodeURIComponent(id)}`);
export const fetchRooms = (locationId: string) => api.get<RoomOption[]>(`/api/rooms?locationId=${encodeURIComponent(locationId)}`);
export const createClass = (body: unknown) => api.post<{ seriesId: string | null; sessions: ClassSession[] }>('/api/classes', body);
export const patchClass = (id: string, body: unknown) => apiRequest<ClassDetail>('PATCH', `/api/classes/${encodeURIComponent(id)}`, body);
export const cancelClass = (id: string, reason: string | null) => api.post<ClassDetail>(`/api/classes/${encodeURIComponent(id)}/cancel`, { reason });
export const enrolClient = (id: string, clientId: string) => api.post<Enrolment>(`/api/classes/${encodeURIComponent(id)}/enrolments`, { clientId });
export const cancelEnrolment = (id: string, enrolmentId: string) =>
  api.post<{ enrolment: Enrolment; promoted: Enrolment[] }>(`/api/classes/${encodeURIComponent(id)}/enrolments/${encodeURIComponent(enrolmentId)}/cancel`, {});
export const markAttendance = (id: string, enrolmentId: string, status: 'attended' | 'no-show' | 'enrolled') =>
  apiRequest<Enrolment>('PATCH', `/api/classes/${encodeURIComponent(id)}/enrolments/${encodeURIComponent(enrolmentId)}`, { status });

export interface ClassProblem {
  message: string;
  /** Field → message, from a 400's details. */
  fields: Record<string, string>;
  /** One line per date of a series that is not free (409). */
  conflicts: { startsAt: string; reason: string }[];
}

/** What a refusal says, in the shape the dialogs show: the message, per-field errors, per-date conflicts (the 409's `taken`). */
export function problemOf(error: unknown): ClassProblem {
  const { message, taken } = conflictOf(error);
  return { message, fields: fieldErrorsOf(error), conflicts: taken.map((t) => ({ startsAt: t.startsAt, reason: t.reason })) };
}
