import { Injectable } from '@nestjs/common';
import type { EventEnvelope } from '@salon/contracts';
import type { HoldRow } from '../../allocations/domain/hold-plan.js';
import { OutboxWriter, type DomainEventInput } from '@salon/nest-kit';
import type { EntityManager } from 'typeorm';
import { BookingConflictError } from '../../allocations/domain/booking-conflict.js';
import { AllocationsUseCase } from '../../allocations/use-cases/allocations.use-case.js';
import type { Slot } from '../../availability/domain/availability-types.js';
import type { VisitCalendars } from '../../availability/use-cases/visit-availability.use-case.js';
import { bookedEntry } from '../domain/appointment-changes.js';
import { visitPrice } from '../domain/visit-price.js';
import { AppointmentChangeRepository } from '../persistence/appointment-change.repository.js';
import { AppointmentRepository, type AppointmentView } from '../persistence/appointment.repository.js';

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
    const segs = b.slot.segments;
    const price = visitPrice(segs.map((seg) => ({ service: b.cal.services.find((s) => s.id === seg.serviceId)!, staffId: seg.staffId })));
    if (!price.ok) throw new BookingConflictError(price.message, [], []);
    const first = segs[0]!;
    const inserted = await this.appointments.insert(m, {
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
    });
    const appointmentId = inserted.id;
    const held = await this.allocations.holdSlot(m, appointmentId, b.slot, b.cal);
    await this.changes.record(m, appointmentId, b.actor, new Date(), [bookedEntry(b.source, b.slot.start.toISOString())]);
    const event: BookedEvent = {
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
    };
    if (!(await b.holdBookedEvent?.(m, appointmentId, event, price.service))) await this.outbox.append(m, event);
    return {
      id: appointmentId,
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
