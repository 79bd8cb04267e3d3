import type { WaitlistEntryView, WaitlistStatus } from '@salon/contracts';
import { api } from '../../lib/api-client';
import type { Alternative, Appointment } from './appointments-api';

/** Calls of the booking extras: multi-service visits, recurring series, the waitlist. */

export interface VisitPart { serviceId: string; staffId?: string | null }

export interface VisitInput {
  locationId: string;
  clientId: string;
  services: VisitPart[];
  startsAt: string;
}

/** One appointment, several services in sequence (each with its own staff, or any). */
export function bookVisit(input: VisitInput): Promise<Appointment> {
  return api.post<Appointment>('/api/appointments', {
    ...input,
    services: input.services.map((p) => ({ serviceId: p.serviceId, ...(p.staffId ? { staffId: p.staffId } : {}) })),
    source: 'staff',
  });
}

export interface RepeatRule { everyWeeks: number; until?: string; count?: number }

export interface Occurrence {
  startsAt: string;
  endsAt: string | null;
  ok: boolean;
  staffName: string | null;
  reason: string | null;
  alternatives: Alternative[];
}

export interface SeriesInput extends VisitInput, RepeatRule {}

function seriesBody(input: SeriesInput) {
  const { services, ...rest } = input;
  const one = services.length === 1 ? services[0]! : null;
  return {
    ...rest,
    ...(one ? { serviceId: one.serviceId, ...(one.staffId ? { staffId: one.staffId } : {}) } : { services: services.map((p) => ({ serviceId: p.serviceId, ...(p.staffId ? { staffId: p.staffId } : {}) })) }),
    source: 'staff',
  };
}

export function previewSeries(input: SeriesInput): Promise<{ timeZone: string; occurrences: Occurrence[] }> {
  return api.post('/api/appointment-series/preview', seriesBody(input));
}

export function createSeries(input: SeriesInput & { skipConflicts: boolean }): Promise<{ appointments: Appointment[]; skipped: { startsAt: string; reason: string }[] }> {
  return api.post('/api/appointment-series', { ...seriesBody(input), skipConflicts: input.skipConflicts });
}

export type { WaitlistStatus };
export type WaitlistEntry = WaitlistEntryView;

export interface WaitlistInput {
  locationId: string;
  clientId: string;
  serviceId: string;
  staffId?: string | null;
  dateFrom: string;
  dateTo: string;
  windowStart?: string | null;
  windowEnd?: string | null;
  note?: string | null;
}

export function addToWaitlist(input: WaitlistInput): Promise<WaitlistEntry> {
  const { staffId, windowStart, windowEnd, note, ...rest } = input;
  return api.post<WaitlistEntry>('/api/waitlist', { ...rest, ...(staffId ? { staffId } : {}), ...(windowStart && windowEnd ? { windowStart, windowEnd } : {}), ...(note ? { note } : {}) });
}

export const waitlistKey = (locationId: string, from: string, to: string) => ['/api/waitlist', locationId, from, to] as const;

export function fetchWaitlist(locationId: string, from: string, to: string): Promise<WaitlistEntry[]> {
  const q = new URLSearchParams({ locationId, from, to, status: 'all' });
  return api.get<WaitlistEntry[]>(`/api/waitlist?${q}`).then((r) => (Array.isArray(r) ? r : []));
}

export function cancelWaitlistEntry(id: string): Promise<WaitlistEntry> {
  return api.post<WaitlistEntry>(`/api/waitlist/${encodeURIComponent(id)}/cancel`);
}

export function acceptWaitlistOffer(id: string): Promise<{ appointment: Appointment }> {
  return api.post(`/api/waitlist/${encodeURIComponent(id)}/accept`);
}
