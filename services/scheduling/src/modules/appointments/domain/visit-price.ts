import type { ServiceView } from '@salon/contracts';

/** The part of a catalogue service that pricing and the booking snapshot read. */
export type PricedService = Pick<
  ServiceView,
  | 'id'
  | 'name'
  | 'category'
  | 'durationMin'
  | 'priceMinor'
  | 'currency'
  | 'bufferBeforeMin'
  | 'bufferAfterMin'
  | 'processing'
  | 'roomType'
  | 'deviceTypes'
  | 'deposit'
  | 'staff'
>;

/** The staff member's own price for the service, else the service's. */
export function priceFor(service: PricedService, staffId: string): number {
  return service.staff.find((s) => s.staffId === staffId)?.priceMinor ?? service.priceMinor;
}

/** What was booked, frozen: later catalogue edits do not change this appointment's price or name. */
export function snapshot(service: PricedService, staffId: string, priceMinor: number): Record<string, unknown> {
  const override = service.staff.find((s) => s.staffId === staffId);
  return {
    id: service.id,
    name: service.name,
    category: service.category,
    durationMin: override?.durationMin ?? service.durationMin,
    priceMinor,
    currency: service.currency,
    bufferBeforeMin: service.bufferBeforeMin,
    bufferAfterMin: service.bufferAfterMin,
    processing: service.processing,
    roomType: service.roomType,
    deviceTypes: service.deviceTypes,
    deposit: service.deposit,
  };
}

export type VisitPrice =
  { ok: true; priceMinor: number; currency: string; service: Record<string, unknown> } | { ok: false; message: string };

/**
 * The price of a visit is the sum of its services' snapshots (each at its performer's price). A
 * one-service visit keeps the one-service snapshot as it always was; a longer visit's snapshot
 * names the services in order and carries each one's own snapshot under `segments`.
 */
export function visitPrice(parts: { service: PricedService; staffId: string }[]): VisitPrice {
  if (parts.length === 0) return { ok: false, message: 'A visit needs at least one service' };
  const currency = parts[0]!.service.currency;
  if (parts.some((p) => p.service.currency !== currency))
    return { ok: false, message: 'The services of one visit must be priced in one currency' };
  const segments = parts.map((p) => snapshot(p.service, p.staffId, priceFor(p.service, p.staffId)));
  const priceMinor = segments.reduce((sum, s) => sum + (s.priceMinor as number), 0);
  if (parts.length === 1) return { ok: true, priceMinor, currency, service: segments[0]! };
  return {
    ok: true,
    priceMinor,
    currency,
    service: {
      ...segments[0],
      name: parts.map((p) => p.service.name).join(' + '),
      priceMinor,
      durationMin: segments.reduce((sum, s) => sum + (s.durationMin as number), 0),
      segments,
    },
  };
}
