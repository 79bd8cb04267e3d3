import { Injectable } from '@nestjs/common';
import type { EventEnvelope } from '@salon/contracts';
import { OutboxWriter } from '@salon/nest-kit';
import type { EntityManager } from 'typeorm';
import { BookingConflictError } from '../../../common/booking-conflict.filter.js';
import type { BookingCheck, Slot } from '../../availability/domain/availability-types.js';
import type { Calendars } from '../../availability/use-cases/availability.use-case.js';
import type { VisitCalendars } from '../../availability/use-cases/visit-availability.use-case.js';
import { takenMessage, type TakenResource } from '../domain/booking-conflict.js';
import { visitPrice } from '../domain/visit-price.js';
import { AppointmentRepository } from '../persistence/appointment.repository.js';

/** A hold the database refused (the `no_double_booking` constraint): the transaction must roll back. */
export class Taken extends Error {
  constructor(readonly resource: TakenResource) {
    super('taken');
  }
}

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
}

/**
 * The one writer of new appointments, for every path that books (single, multi-service, series
 * occurrence, waitlist offer accepted): the appointment and its ordered segments, every hold under
 * the exclusion constraint, and `scheduling.appointment.booked.v1`, all in the caller's transaction.
 */
@Injectable()
export class BookingWriter {
  constructor(
    private readonly appointments: AppointmentRepository,
    private readonly outbox: OutboxWriter,
  ) {}

  async write(m: EntityManager, b: NewBooking): Promise<string> {
    const segs = b.slot.segments;
    const price = visitPrice(segs.map((seg) => ({ service: b.cal.services.find((s) => s.id === seg.serviceId)!, staffId: seg.staffId })));
    if (!price.ok) throw new BookingConflictError(price.message, []);
    const first = segs[0]!;
    const appointmentId = await this.appointments.insert(m, {
      locationId: b.locationId, clientId: b.clientId, startsAt: b.slot.start, endsAt: b.slot.end, priceMinor: price.priceMinor, currency: price.currency,
      service: price.service, notes: b.notes, bookedBy: b.bookedBy, source: b.source, seriesId: b.seriesId ?? null,
      segments: segs.map((seg) => ({ serviceId: seg.serviceId, staffId: seg.staffId, startsAt: seg.start, endsAt: seg.end })),
    });
    await this.allocate(m, appointmentId, b.slot, b.cal);
    await this.outbox.append(m, {
      type: 'scheduling.appointment.booked.v1', aggregateType: 'appointment', aggregateId: appointmentId, locationId: b.locationId, actor: b.actor,
      payload: {
        appointmentId, clientId: b.clientId, serviceId: first.serviceId, serviceName: String(price.service.name), staffId: first.staffId,
        startsAt: b.slot.start.toISOString(), endsAt: b.slot.end.toISOString(), priceMinor: price.priceMinor, currency: price.currency, source: b.source,
        ...(b.seriesId ? { seriesId: b.seriesId } : {}),
        ...(segs.length > 1 ? { segments: segs.map((seg) => ({ serviceId: seg.serviceId, staffId: seg.staffId, startsAt: seg.start.toISOString(), endsAt: seg.end.toISOString() })) } : {}),
      },
    });
    return appointmentId;
  }

  /**
   * Takes every hold of the slot: each segment's staff busy parts, then each room/device. A
   * capacity resource gets the first free place (1..capacity); when the engine's pick is full,
   * another free resource of the same type is tried. Nothing free → Taken (the transaction rolls back).
   */
  async allocate(m: EntityManager, appointmentId: string, slot: Slot, cal: Calendars): Promise<void> {
    for (const seg of slot.segments) {
      for (const busy of seg.staffBusy) {
        const ok = await this.appointments.tryAllocate(m, appointmentId, { kind: 'staff', resourceId: seg.staffId, slot: 1, from: busy.start, to: busy.end });
        if (!ok) throw new Taken({ kind: 'staff', id: seg.staffId, name: cal.staff.find((s) => s.staffId === seg.staffId)?.name ?? 'The staff member', at: seg.start });
      }
      for (const resourceId of seg.resourceIds) {
        const picked = cal.resources.find((r) => r.resourceId === resourceId);
        if (!picked) continue;
        const candidates = [picked, ...cal.resources.filter((r) => r.kind === picked.kind && r.type === picked.type && r.resourceId !== picked.resourceId)];
        let held = false;
        for (const r of candidates) {
          for (let place = 1; place <= r.capacity && !held; place++) {
            held = await this.appointments.tryAllocate(m, appointmentId, { kind: r.kind, resourceId: r.resourceId, slot: place, from: seg.resourceBusy.start, to: seg.resourceBusy.end });
          }
          if (held) break;
        }
        if (!held) throw new Taken({ kind: picked.kind, id: picked.resourceId, name: picked.name, at: seg.start });
      }
    }
  }

  /**
   * A refused hold (or a deadlock between two bookings) → 409 naming what was taken, with fresh
   * alternatives from `recheck`; any other error is returned as it was.
   */
  async conflict<C extends Calendars>(
    error: unknown,
    recheck: () => Promise<{ check: BookingCheck; cal: C }>,
    view: (slot: Slot, cal: C) => unknown,
  ): Promise<unknown> {
    if (!isBookingRace(error)) return error;
    const { check, cal } = await recheck();
    const alternatives = check.ok ? [] : check.alternatives.slice(0, 5).map((s) => view(s, cal));
    const message =
      error instanceof Taken ? takenMessage(error.resource, cal.policy.timeZone) : check.ok ? 'That time was just taken; please try again' : (check.reasons[0] ?? 'That time was just taken');
    return new BookingConflictError(message, alternatives, error instanceof Taken ? { kind: error.resource.kind, id: error.resource.id, name: error.resource.name } : null);
  }
}

/** Lost to a concurrent booking: a hold refused by the constraint, or a deadlock between two writers. */
export function isBookingRace(error: unknown): boolean {
  const code = (error as { code?: string }).code;
  return error instanceof Taken || code === '23P01' || code === '40P01';
}
