import type { Role } from '@salon/contracts';

/** What the owning service says about an id another service's write refers to; null: it does not know it. */
export interface ClientRecord {
  id: string;
}
export interface UserRecord {
  role: Role;
  isActive: boolean;
}
export interface LocationRecord {
  id: string;
  /** Its name, for words people read ("Dana is at Lakeview today"). */
  name?: string;
  /** Its IANA zone: identity owns it (the /locations form), so every other service takes it from there. */
  timeZone?: string;
}

/** The problem with a client reference (clients answers only for live clients: not deleted, not merged). */
export function clientProblem(client: ClientRecord | null): string | null {
  return client ? null : 'is not an active client (no such client, or it was deleted or merged)';
}

/** The problem with a staff reference: someone identity knows, who works here (staff or admin) and may sign in. */
export function staffProblem(user: UserRecord | null): string | null {
  if (!user || user.role === 'client') return 'is not a staff member';
  if (!user.isActive) return 'is not an active staff member';
  return null;
}

export function locationProblem(location: LocationRecord | null): string | null {
  return location ? null : 'is not a location of the business';
}

export interface ServiceRecord {
  id: string;
  active: boolean;
}

/** A catalogue service another service attaches something to (a form): one scheduling knows; a retired one is refused. */
export function serviceProblem(service: ServiceRecord | null): string | null {
  if (!service) return 'is not a service of the catalogue';
  if (!service.active) return 'is not an active service';
  return null;
}
