import { graphql } from '../../gql';
import type { AlertLike } from './client-alerts';

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
  /** staff | online | api: how it was booked (online ones are flagged until seen). */
  source?: string | null;
  /** When it was booked. */
  createdAt?: string | null;
  /** When its checkout closed (the POS); null or absent while unpaid. */
  paidAt?: string | null;
  /** An online booking's deposit (or, kind `card`, the card its location requires): pending (time held), paid, or released. */
  deposit?: { kind?: string; status: string; amountMinor: number } | null;
  /** The visit's services in order; more than one for a multi-service visit (each may be with another staff member). */
  segments?: AppointmentSegment[];
  /** From the clients subgraph; null when the caller may not read clients. */
  client?: { id: string; fullName: string; alerts?: AlertLike[] | null } | null;
}

export interface AppointmentSegment {
  position: number;
  serviceId: string;
  staffId: string;
  startsAt: string;
  endsAt: string;
}

export interface ServiceOption {
  id: string;
  name: string;
  durationMin: number;
  category?: string | null;
  active?: boolean;
  staff?: { staffId: string }[];
}
export interface Alternative {
  startsAt: string;
  endsAt?: string;
  staffId?: string;
  staffName?: string;
}
export interface StaffMember {
  id: string;
  fullName: string;
  isActive?: boolean;
}

export const STAFF_NAMES = graphql(`
  query AppointmentsStaff {
    users(role: staff) {
      id
      fullName
      isActive
    }
  }
`);

export interface UnavailableInterval {
  startsAt: string;
  endsAt: string;
  code: string;
  reason: string;
}
export interface UnavailableStaff {
  staffId: string;
  name: string;
  intervals: UnavailableInterval[];
}
export interface UnavailableView {
  timeZone: string;
  from: string;
  to: string;
  staff: UnavailableStaff[];
}

/** What a drag, a resize or a status change sends (updateAppointment). */
export interface PatchInput {
  startsAt?: string;
  staffId?: string;
  endsAt?: string;
  status?: string;
  cancelReason?: string | null;
  version?: number;
}
export { conflictOf } from '../../lib/api-client';
