import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { EventEnvelope } from '@salon/contracts';
import { refusedNeed, slotHolds, type HoldRow } from '../../allocations/domain/hold-plan.js';
import { OutboxWriter, type DomainEventInput } from '@salon/nest-kit';
import type { DataSource, EntityManager } from 'typeorm';
import { BookingConflictError, Taken } from '../../allocations/domain/booking-conflict.js';
import { AllocationsUseCase } from '../../allocations/use-cases/allocations.use-case.js';
import type { Slot } from '../../availability/domain/availability-types.js';
import type { VisitCalendars } from '../../availability/use-cases/visit-availability.use-case.js';
import { bookedEntry } from '../domain/appointment-changes.js';
import { visitPrice } from '../domain/visit-price.js';
import { AppointmentChangeRepository } from '../persistence/appointment-change.repository.js';
import {
  AppointmentRepository,
  type AppointmentView,
  type InsertedAppointment,
  type NewAppointment,
} from '../persistence/appointment.repository.js';

export interface NewBooking {
  locationId: string;
  clientId: string;
  slot: Slot;
  cal: VisitCalendars;
  notes: string | null;
  source: 'staff' | 'online' | 'api';
  actor: EventEnvelope['actor'];
  bookedBy: string | null;
  seriesId?: string | null;
  /**
   * Asked with the booked event before it is written (same transaction): true keeps it back (an
   * online booking held for its deposit publishes it once the deposit is paid).
   */
  holdBookedEvent?: (m: EntityManager, appointmentId: string, event: BookedEvent, snapshot: Record<string, unknown>) => Promise<boolean>;
}

export type BookedEvent = DomainEventInput<'scheduling.appointment.booked.v1'>;

/**
 * The one writer of new appointments, for every path that books (single, multi-service, series
 * occurrence, waitlist offer accepted): the appointment and its ordered segments, its holds (taken
 * by the allocations module, under the exclusion constraint), the first line of its change log and
 * `scheduling.appointment.booked.v1`, all in the caller's transaction.
 */
@Injectable()
export class BookingWriter {
  constructor(
    private readonly appointments: AppointmentRepository,
    private readonly outbox: OutboxWriter,
    private readonly allocations: AllocationsUseCase,
    private readonly changes: AppointmentChangeRepository,
  ) {}

  async write(m: EntityManager, b: NewBooking): Promise<string> {
    return (await this.book(m, b)).id;
  }

  /**
   * Writes the booking and answers it as GET /api/appointments/{id} would, built from what was
   * written (the row's defaults come back from the insert, the rooms and devices from the holds
   * taken): one statement fewer than reading it back. Only right while nothing else in the
   * transaction changes the appointment; a caller that does more re-reads it.
   */
  async book(m: EntityManager, b: NewBooking): Promise<AppointmentView> {
    const plan = planBooking(b);
    const inserted = await this.appointments.insert(m, plan.appointment);
    const held = await this.allocations.holdSlot(m, inserted.id, b.slot, b.cal);
    await this.changes.record(m, inserted.id, b.actor, new Date(), [plan.change]);
    const event = plan.event(inserted.id);
    if (!(await b.holdBookedEvent?.(m, inserted.id, event, plan.price.service))) await this.outbox.append(m, event);
    return bookedView(b, plan, inserted, held);
  }

  /**
   * A booking with no step of its own in the transaction, in one statement (its own transaction):
   * appointment, segments, the engine's pick for every hold, change log and event — a round trip
   * instead of seven, and round trips are what a booking costs. The `no_double_booking` constraint
   * still decides: a taken hold fails the statement and nothing is written. When the taken hold had
   * no alternative (a staff member), that is the refusal; when another room or device of the kind
   * might be free, the booking is tried again hold by hold (`book`), which takes the first free one.
   */
  async bookAlone(dataSource: DataSource, b: Omit<NewBooking, 'holdBookedEvent'>): Promise<AppointmentView> {
    const plan = planBooking(b);
    const needs = slotHolds(b.slot, b.cal.staff, b.cal.resources);
    const holds = needs.map((n) => n.candidates[0]!);
    const id = randomUUID();
    try {
      const inserted = await this.appointments.insertWhole(
        dataSource.manager,
        { ...plan.appointment, id },
        holds,
        { at: new Date(), actor: b.actor, entry: plan.change },
        (firstParam) => this.outbox.prepare([plan.event(id)], firstParam),
      );
      return bookedView(b, plan, inserted, holds);
    } catch (error) {
      if ((error as { code?: string }).code !== '23P01') throw error;
      const need = refusedNeed(needs, String((error as { detail?: unknown }).detail ?? ''));
      if (need && need.candidates.length === 1) throw new Taken(need.refusal);
      return dataSource.transaction((m) => this.book(m, b));
    }
  }
}

/** What a booking writes, whichever way it is written. */
function planBooking(b: Omit<NewBooking, 'holdBookedEvent'>) {
  const segs = b.slot.segments;
  const price = visitPrice(segs.map((seg) => ({ service: b.cal.services.find((s) => s.id === seg.serviceId)!, staffId: seg.staffId })));
  if (!price.ok) throw new BookingConflictError(price.message, [], []);
  const first = segs[0]!;
  const appointment: NewAppointment = {
    locationId: b.locationId,
    clientId: b.clientId,
    startsAt: b.slot.start,
    endsAt: b.slot.end,
    priceMinor: price.priceMinor,
    currency: price.currency,
    service: price.service,
    notes: b.notes,
    bookedBy: b.bookedBy,
    source: b.source,
    seriesId: b.seriesId ?? null,
    segments: segs.map((seg) => ({ serviceId: seg.serviceId, staffId: seg.staffId, startsAt: seg.start, endsAt: seg.end })),
  };
  const event = (appointmentId: string): BookedEvent => ({
    type: 'scheduling.appointment.booked.v1',
    aggregateType: 'appointment',
    aggregateId: appointmentId,
    locationId: b.locationId,
    actor: b.actor,
    payload: {
      appointmentId,
      clientId: b.clientId,
      serviceId: first.serviceId,
      serviceName: String(price.service.name),
      staffId: first.staffId,
      startsAt: b.slot.start.toISOString(),
      endsAt: b.slot.end.toISOString(),
      priceMinor: price.priceMinor,
      currency: price.currency,
      source: b.source,
      ...(b.seriesId ? { seriesId: b.seriesId } : {}),
      ...(segs.length > 1
        ? {
            segments: segs.map((seg) => ({
              serviceId: seg.serviceId,
              staffId: seg.staffId,
              startsAt: seg.start.toISOString(),
              endsAt: seg.end.toISOString(),
            })),
          }
        : {}),
    },
  });
  return { price, appointment, event, change: bookedEntry(b.source, b.slot.start.toISOString()) };
}

/**
 * The booking as GET /api/appointments/{id} would answer it, built from what was written (the row's
 * defaults from the insert, the rooms and devices from the holds taken): no re-read. Only right
 * while nothing else in the transaction changed the appointment; a caller that does more re-reads it.
 */
function bookedView(
  b: Omit<NewBooking, 'holdBookedEvent'>,
  plan: ReturnType<typeof planBooking>,
  inserted: InsertedAppointment,
  held: readonly HoldRow[],
): AppointmentView {
  const segs = b.slot.segments;
  const first = segs[0]!;
  const { price } = plan;
  return {
    id: inserted.id,
    locationId: b.locationId,
    clientId: b.clientId,
    status: inserted.status,
    startsAt: b.slot.start.toISOString(),
    endsAt: b.slot.end.toISOString(),
    serviceId: first.serviceId,
    serviceName: String(price.service.name ?? ''),
    staffId: first.staffId,
    priceMinor: price.priceMinor,
    currency: price.currency,
    service: price.service,
    resources: heldResources(held),
    notes: b.notes,
    cancelReason: null,
    lateCancel: inserted.lateCancel,
    source: b.source,
    bookedBy: b.bookedBy,
    version: inserted.version,
    seriesId: b.seriesId ?? null,
    paidAt: null,
    segments: segs.map((seg, i) => ({
      position: i + 1,
      serviceId: seg.serviceId,
      staffId: seg.staffId,
      startsAt: seg.start.toISOString(),
      endsAt: seg.end.toISOString(),
    })),
    createdAt: inserted.createdAt,
    updatedAt: inserted.updatedAt,
  };
}

/** The rooms and devices held, as the appointment view lists them (staff holds are not listed). */
function heldResources(held: readonly HoldRow[]): AppointmentView['resources'] {
  const seen = new Map<string, AppointmentView['resources'][number]>();
  for (const h of held) {
    if (h.kind === 'staff') continue;
    seen.set(`${h.kind}:${h.resourceId}:${h.place}`, { kind: h.kind, id: h.resourceId, slot: h.place });
  }
  return [...seen.values()].sort((a, b) => a.kind.localeCompare(b.kind) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0) || a.slot - b.slot);
}
