import type { EventType } from '@salon/contracts';
import type { DomainEventInput } from '@salon/nest-kit';

/**
 * Plans the demo salon's appointments: what a real two weeks looks like at a busy salon, not a
 * grid. Each person gets 3–6 visits a working day at varied quarter hours, with gaps, none over
 * lunch, never two at once; rooms and the device are never double-booked either, so the seed can
 * insert the holds under the exclusion constraint. Pure and seeded: the same input, the same plan.
 */
export interface DemoServiceShape {
  durationMin: number;
  afterMin: number;
  /** Needs one of `roomCount` rooms for its time. */
  room: boolean;
  /** Needs the single device for its time. */
  device: boolean;
}

export interface PlannedVisit {
  date: string;
  staffIndex: number;
  serviceIndex: number;
  /** Minutes after local midnight. */
  startMin: number;
  endMin: number;
  roomIndex: number | null;
  device: boolean;
  /** How the visit came in: mostly the desk, a share online. */
  source: 'staff' | 'online';
}

export interface DemoWeekInput {
  dates: readonly string[];
  staffCount: number;
  services: readonly DemoServiceShape[];
  roomCount: number;
  /** Working day and lunch, minutes after midnight. */
  day: { start: number; end: number; lunchStart: number; lunchEnd: number };
  seed: number;
}

/** mulberry32: tiny, seeded, good enough to vary a demo. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const overlaps = (a: [number, number], b: [number, number]) => a[0] < b[1] && b[0] < a[1];

export function planDemoWeek(input: DemoWeekInput): PlannedVisit[] {
  const random = seededRandom(input.seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)];
  const visits: PlannedVisit[] = [];
  const { start, end, lunchStart, lunchEnd } = input.day;
  for (const date of input.dates) {
    const rooms: [number, number][][] = Array.from({ length: input.roomCount }, () => []);
    const device: [number, number][] = [];
    for (let staffIndex = 0; staffIndex < input.staffCount; staffIndex++) {
      const wanted = 3 + Math.floor(random() * 4);
      let cursor = start + 15 * Math.floor(random() * 4);
      let made = 0;
      for (let attempt = 0; attempt < 20 && made < wanted && cursor < end; attempt++) {
        const serviceIndex = Math.floor(random() * input.services.length);
        const s = input.services[serviceIndex];
        const held: [number, number] = [cursor, cursor + s.durationMin + s.afterMin];
        if (held[1] > end) break;
        if (overlaps(held, [lunchStart, lunchEnd])) {
          cursor = lunchEnd;
          continue;
        }
        const roomIndex = s.room ? rooms.findIndex((r) => r.every((b) => !overlaps(b, held))) : null;
        const deviceFree = !s.device || device.every((b) => !overlaps(b, held));
        if ((s.room && roomIndex === -1) || !deviceFree) {
          cursor += 15;
          continue;
        }
        if (roomIndex !== null) rooms[roomIndex].push(held);
        if (s.device) device.push(held);
        visits.push({
          date,
          staffIndex,
          serviceIndex,
          startMin: cursor,
          endMin: cursor + s.durationMin,
          roomIndex,
          device: s.device,
          source: random() < 0.3 ? 'online' : 'staff',
        });
        made++;
        // The next client after the buffer, or after a gap (a walk-in slot, a late lunch, admin time).
        cursor = Math.ceil(held[1] / 15) * 15 + pick([0, 0, 15, 30, 45, 60]);
      }
    }
  }
  return visits;
}

export type DemoStatus = 'booked' | 'confirmed' | 'checked-in' | 'in-service' | 'completed' | 'cancelled' | 'no-show';

/** What state a visit would be in now: the past mostly completed (a few no-shows and cancellations), today in progress, the future booked or confirmed. */
export function demoStatus(startsAt: Date, endsAt: Date, now: Date, roll: number): DemoStatus {
  if (roll < 0.04) return 'cancelled';
  if (endsAt <= now) return roll < 0.08 ? 'no-show' : 'completed';
  if (startsAt <= now) return 'in-service';
  if (startsAt.getTime() - now.getTime() < 30 * 60_000) return roll < 0.5 ? 'checked-in' : 'confirmed';
  return roll < 0.45 ? 'confirmed' : 'booked';
}

export interface DemoChange {
  at: Date;
  byKind: 'user' | 'client';
  /** The desk's staff member for the desk's changes; null for a client booking online. */
  byId: string | null;
  what: 'booked' | 'time' | 'status' | 'cancel-reason' | 'notes';
  from: string | null;
  to: string | null;
}

/**
 * A demo appointment's change log, as the appointments module would have written it: booked (a
 * few days before, online or at the desk), every seventh one moved an hour later, its status changes
 * up to where the demo left it, and a cancellation's reason. Pure: the same input, the same lines.
 */
export function demoChangeLog(a: {
  index: number;
  startsAt: Date;
  status: DemoStatus;
  source: 'staff' | 'online';
  cancelReason: string | null;
  desk: string | null;
  now: Date;
}): DemoChange[] {
  const hour = 3_600_000;
  const desk = { byKind: 'user' as const, byId: a.desk };
  const bookedAt = new Date(Math.min(a.startsAt.getTime(), a.now.getTime()) - (3 + (a.index % 5)) * 24 * hour);
  const out: DemoChange[] = [];
  const moved = a.index % 7 === 3;
  out.push({
    at: bookedAt,
    ...(a.source === 'online' ? { byKind: 'client' as const, byId: null } : desk),
    what: 'booked',
    from: a.source,
    to: new Date(a.startsAt.getTime() - (moved ? hour : 0)).toISOString(),
  });
  if (moved)
    out.push({
      at: new Date(bookedAt.getTime() + 24 * hour),
      ...desk,
      what: 'time',
      from: new Date(a.startsAt.getTime() - hour).toISOString(),
      to: a.startsAt.toISOString(),
    });
  const path: Record<DemoStatus, DemoStatus[]> = {
    booked: [],
    confirmed: ['confirmed'],
    'checked-in': ['confirmed', 'checked-in'],
    'in-service': ['confirmed', 'checked-in', 'in-service'],
    completed: ['checked-in', 'in-service', 'completed'],
    'no-show': ['no-show'],
    cancelled: ['cancelled'],
  };
  // Confirmed and cancelled the day before; checked in just before the start, then started, done an hour on.
  const offset: Record<DemoStatus, number> = {
    booked: 0,
    confirmed: -24 * hour,
    cancelled: -24 * hour,
    'checked-in': -5 * 60_000,
    'in-service': 0,
    completed: hour,
    'no-show': hour / 2,
  };
  let from: DemoStatus = 'booked';
  for (const to of path[a.status]) {
    out.push({ at: new Date(Math.min(a.startsAt.getTime() + offset[to], a.now.getTime())), ...desk, what: 'status', from, to });
    from = to;
  }
  if (a.status === 'cancelled' && a.cancelReason)
    out.push({
      at: new Date(Math.min(a.startsAt.getTime() - 24 * hour, a.now.getTime())),
      ...desk,
      what: 'cancel-reason',
      from: null,
      to: a.cancelReason,
    });
  return out;
}

/** What the demo knows of one seeded appointment, for its events. */
export interface DemoAppointmentFacts {
  appointmentId: string;
  locationId: string;
  clientId: string;
  staffId: string;
  serviceId: string;
  serviceName: string;
  startsAt: Date;
  endsAt: Date;
  priceMinor: number;
  currency: string;
  source: 'staff' | 'online';
  cancelReason: string | null;
}

const LIFECYCLE_EVENTS = {
  completed: 'scheduling.appointment.completed.v1',
  'no-show': 'scheduling.appointment.no-show.v1',
  cancelled: 'scheduling.appointment.cancelled.v1',
} as const;

/**
 * A seeded appointment's lifecycle events, as the appointments module would have published them
 * along its change log (booked, moved, completed, no-show or cancelled), each dated when it happened
 * and marked `history`: projections (payroll's reports, clients' last visits) take them like live
 * ones, while nothing that acts on a booking (confirmations, reminders, forms, waitlist offers,
 * deposits) receives them, so the demo's past sends no message. Pure: the same input, the same events.
 */
export function demoAppointmentEvents(a: DemoAppointmentFacts, log: readonly DemoChange[]): DomainEventInput<EventType>[] {
  const durationMs = a.endsAt.getTime() - a.startsAt.getTime();
  const iso = (at: string | Date) => new Date(at).toISOString();
  const endOf = (start: string) => new Date(new Date(start).getTime() + durationMs).toISOString();
  const events: DomainEventInput<EventType>[] = [];
  const push = <T extends EventType>(c: DemoChange, type: T, payload: DomainEventInput<T>['payload']) =>
    events.push({
      type,
      aggregateType: 'appointment',
      aggregateId: a.appointmentId,
      locationId: a.locationId,
      actor: c.byKind === 'client' ? { type: 'client', id: null } : { type: 'user', id: c.byId },
      occurredAt: c.at,
      history: true,
      payload,
    } as DomainEventInput<EventType>);
  const base = { appointmentId: a.appointmentId, clientId: a.clientId, staffId: a.staffId, startsAt: iso(a.startsAt) };
  for (const c of log) {
    if (c.what === 'booked')
      push(c, 'scheduling.appointment.booked.v1', {
        ...base,
        serviceId: a.serviceId,
        serviceName: a.serviceName,
        startsAt: iso(c.to!),
        endsAt: endOf(c.to!),
        priceMinor: a.priceMinor,
        currency: a.currency,
        source: a.source,
      });
    else if (c.what === 'time')
      push(c, 'scheduling.appointment.rescheduled.v1', {
        ...base,
        previousStaffId: a.staffId,
        previousStartsAt: iso(c.from!),
        startsAt: iso(c.to!),
        endsAt: endOf(c.to!),
      });
    else if (c.what === 'status' && c.to === 'completed')
      push(c, LIFECYCLE_EVENTS.completed, { ...base, serviceId: a.serviceId, priceMinor: a.priceMinor, currency: a.currency });
    else if (c.what === 'status' && c.to === 'no-show') push(c, LIFECYCLE_EVENTS['no-show'], base);
    // The demo's cancellations were made the day before (demoChangeLog), never late.
    else if (c.what === 'status' && c.to === 'cancelled')
      push(c, LIFECYCLE_EVENTS.cancelled, { ...base, reason: a.cancelReason, lateCancel: false });
  }
  return events;
}
