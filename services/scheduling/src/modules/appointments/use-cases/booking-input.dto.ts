import { ValidationFailedError, type References } from '@salon/nest-kit';
import { visitFields } from '@salon/contracts';

/** What is booked: one service or a visit of several (the fields live in the wire contract). */
export { visitFields };

export interface VisitInput {
  serviceId?: string;
  services?: { serviceId: string; staffId?: string | null }[];
  staffId?: string | null;
}

/** The visit's services in order, each with its staff choice (the top-level staffId is the default). */
/** The ids a booking or a series names that other services own: its client (clients) and chosen staff (identity). */
export function bookingReferences(b: VisitInput & { clientId: string }): References {
  return {
    clients: [{ field: 'clientId', id: b.clientId }],
    staff: visitParts(b).flatMap((p, i) => (p.staffId ? [{ field: b.services ? `services.${i}.staffId` : 'staffId', id: p.staffId }] : [])),
  };
}

export function visitParts(b: VisitInput): { serviceId: string; staffId: string | null }[] {
  if (b.serviceId && b.services) throw ValidationFailedError.field('services', 'give serviceId or services, not both');
  if (b.services) return b.services.map((p) => ({ serviceId: p.serviceId, staffId: p.staffId ?? b.staffId ?? null }));
  if (!b.serviceId) throw ValidationFailedError.field('serviceId', 'is required (or services, for a visit of several)');
  return [{ serviceId: b.serviceId, staffId: b.staffId ?? null }];
}
