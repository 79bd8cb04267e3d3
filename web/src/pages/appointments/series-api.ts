import type { PickerClient } from '../../components/client-picker/client-picker-gql';
import type { WaitlistEntryView, WaitlistStatus } from '@salon/contracts';
import type { Alternative } from './appointments-api';

/** Inputs of the booking extras (multi-service visits, recurring series, the waitlist), as the GraphQL operations in appointments-gql take them. */

export interface VisitPart {
  serviceId: string;
  staffId?: string | null;
}

export interface VisitInput {
  locationId: string;
  clientId: string;
  services: VisitPart[];
  startsAt: string;
}

const part = (p: VisitPart) => ({ serviceId: p.serviceId, ...(p.staffId ? { staffId: p.staffId } : {}) });

/** One appointment, several services in sequence (each with its own staff, or any). */
export function visitInput(input: VisitInput) {
  return { ...input, services: input.services.map(part), source: 'staff' };
}

export interface RepeatRule {
  everyWeeks: number;
  until?: string;
  count?: number;
}

export interface Occurrence {
  startsAt: string;
  endsAt: string | null;
  ok: boolean;
  staffName: string | null;
  reason: string | null;
  alternatives: Alternative[];
}

export interface SeriesInput extends VisitInput, RepeatRule {}

/** One service as `serviceId` (+ `staffId`), several as `services`. */
export function seriesInput(input: SeriesInput) {
  const { services, ...rest } = input;
  const one = services.length === 1 ? services[0]! : null;
  return {
    ...rest,
    ...(one ? { serviceId: one.serviceId, ...(one.staffId ? { staffId: one.staffId } : {}) } : { services: services.map(part) }),
    source: 'staff',
  };
}

export type { WaitlistStatus };
/** With the client as the booking dialog's picker needs it (Book on a waiting row). */
export type WaitlistEntry = WaitlistEntryView & { client?: PickerClient | null };

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

export function waitlistInput(input: WaitlistInput) {
  const { staffId, windowStart, windowEnd, note, ...rest } = input;
  return {
    ...rest,
    ...(staffId ? { staffId } : {}),
    ...(windowStart && windowEnd ? { windowStart, windowEnd } : {}),
    ...(note ? { note } : {}),
  };
}
