import { ValidationFailedError } from '@salon/nest-kit';
import { z } from 'zod';

const visitPart = z.object({ serviceId: z.uuid(), staffId: z.uuid().nullish() }).strict();

/** What is booked: one service (`serviceId`, `staffId?`) or a visit of several in sequence (`services`), not both. */
export const visitFields = {
  locationId: z.uuid(),
  clientId: z.uuid(),
  serviceId: z.uuid().optional(),
  services: z.array(visitPart).min(1).max(5).optional(),
  staffId: z.uuid().nullish(),
  startsAt: z.iso.datetime({ offset: true }),
  notes: z.string().max(2000).nullish(),
  source: z.enum(['staff', 'online', 'api']).default('api'),
};

export interface VisitInput {
  serviceId?: string;
  services?: { serviceId: string; staffId?: string | null }[];
  staffId?: string | null;
}

/** The visit's services in order, each with its staff choice (the top-level staffId is the default). */
export function visitParts(b: VisitInput): { serviceId: string; staffId: string | null }[] {
  if (b.serviceId && b.services) throw ValidationFailedError.field('services', 'give serviceId or services, not both');
  if (b.services) return b.services.map((p) => ({ serviceId: p.serviceId, staffId: p.staffId ?? b.staffId ?? null }));
  if (!b.serviceId) throw ValidationFailedError.field('serviceId', 'is required (or services, for a visit of several)');
  return [{ serviceId: b.serviceId, staffId: b.staffId ?? null }];
}
