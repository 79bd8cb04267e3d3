import { Injectable } from '@nestjs/common';
import { ConflictError, NotFoundError, OutboxWriter, parseInput, ValidationFailedError, type AuthContext } from '@salon/nest-kit';
import { DataSource, type EntityManager } from 'typeorm';
import { z } from 'zod';
import { BookingConflictError } from '../../../common/booking-conflict.filter.js';
import { actorUuid, isUuid } from '../../../common/ids.js';
import type { Slot } from '../../availability/domain/availability-types.js';
import { AvailabilityUseCase, type Calendars } from '../../availability/use-cases/availability.use-case.js';
import { VisitAvailabilityUseCase } from '../../availability/use-cases/visit-availability.use-case.js';
import { CatalogueRepository } from '../../catalogue/persistence/catalogue.repository.js';
import { APPOINTMENT_STATUSES, canReschedule, checkTransition, holdsResources, isLateCancel, type AppointmentStatus } from '../domain/appointment-status.js';
import { priceFor, snapshot } from '../domain/visit-price.js';
import { SchedulesUseCase } from '../../schedules/use-cases/schedules.use-case.js';
import { AppointmentRepository, type AppointmentView } from '../persistence/appointment.repository.js';
import { visitFields, visitParts } from './booking-input.dto.js';
import { BookingWriter } from './booking-writer.use-case.js';

const bookSchema = z.object(visitFields).strict();

const patchSchema = z
  .object({
    startsAt: z.iso.datetime({ offset: true }).optional(),
    staffId: z.uuid().optional(),
    status: z.enum(APPOINTMENT_STATUSES).optional(),
    cancelReason: z.string().trim().max(500).nullish(),
    notes: z.string().max(2000).nullish(),
    version: z.number().int().positive().optional(),
  })
  .strict();

const listSchema = z.object({
  from: z.iso.datetime({ offset: true }),
  to: z.iso.datetime({ offset: true }),
  locationId: z.uuid().optional(),
  staffId: z.uuid().optional(),
});

const STATUS_EVENTS = {
  cancelled: 'scheduling.appointment.cancelled.v1',
  'checked-in': 'scheduling.appointment.checked-in.v1',
  completed: 'scheduling.appointment.completed.v1',
  'no-show': 'scheduling.appointment.no-show.v1',
} as const;

/**
 * Booking, rescheduling and the status lifecycle. The engine validates first (friendly reasons,
 * alternatives); the database decides: every hold is a row under the `no_double_booking`
 * exclusion constraint, so of two concurrent bookings of one resource only one commits.
 */
@Injectable()
export class AppointmentsUseCase {
  constructor(
    private readonly dataSource: DataSource,
    private readonly appointments: AppointmentRepository,
    private readonly catalogue: CatalogueRepository,
    private readonly availability: AvailabilityUseCase,
    private readonly outbox: OutboxWriter,
    private readonly schedules: SchedulesUseCase,
    private readonly visits: VisitAvailabilityUseCase,
    private readonly writer: BookingWriter,
  ) {}

  async list(query: unknown): Promise<AppointmentView[]> {
    const q = parseInput(listSchema, query);
    const from = new Date(q.from);
    const to = new Date(q.to);
    if (!(from < to)) throw ValidationFailedError.field('to', 'must be after from');
    if (to.getTime() - from.getTime() > 62 * 86_400_000) throw ValidationFailedError.field('to', 'the window is at most 62 days');
    return this.appointments.list({ from, to, locationId: q.locationId, staffId: q.staffId });
  }

  async get(id: string): Promise<AppointmentView> {
    const a = isUuid(id) ? await this.appointments.find(id) : null;
    if (!a) throw new NotFoundError(`Appointment ${id} not found`);
    return a;
  }

  async book(auth: AuthContext, input: unknown, now = new Date()): Promise<AppointmentView> {
    const b = parseInput(bookSchema, input);
    const parts = visitParts(b);
    const services = await this.visits.services(parts.map((p) => p.serviceId), b.locationId);
    const notOnline = services.find((s) => !s.onlineBookable);
    if (b.source === 'online' && notOnline) throw new ConflictError(`${notOnline.name} cannot be booked online`);
    const req = { services, staffIds: parts.map((p) => p.staffId), locationId: b.locationId, now, relax: b.source === 'staff', start: new Date(b.startsAt) };
    const { check, cal } = await this.visits.check(req);
    if (!check.ok) throw new BookingConflictError(check.reasons[0] ?? 'That time is not available', check.alternatives.slice(0, 5).map((s) => this.visits.view(s, cal)), null);
    try {
      const id = await this.dataSource.transaction((m) =>
        this.writer.write(m, {
          locationId: b.locationId, clientId: b.clientId, slot: check.slot, cal, notes: b.notes ?? null, source: b.source,
          actor: { type: 'user', id: auth.userId }, bookedBy: actorUuid(auth.userId),
        }),
      );
      return this.get(id);
    } catch (error) {
      throw await this.writer.conflict(error, () => this.visits.check(req), (s, c) => this.visits.view(s, c));
    }
  }

  /** PATCH: move (startsAt/staffId), change status, edit notes; `version` guards against stale edits. */
  async update(auth: AuthContext, id: string, input: unknown, now = new Date()): Promise<AppointmentView> {
    const p = parseInput(patchSchema, input);
    const current = await this.get(id);
    if (p.version !== undefined && p.version !== current.version) throw new ConflictError('The appointment was changed by someone else; reload it and try again');
    if (p.startsAt !== undefined || p.staffId !== undefined) await this.reschedule(auth, current, p.startsAt ? new Date(p.startsAt) : new Date(current.startsAt), p.staffId ?? current.staffId, now);
    if (p.status !== undefined && p.status !== (await this.get(id)).status) await this.changeStatus(auth, id, p.status, p.cancelReason ?? null, now);
    if (p.notes !== undefined) await this.dataSource.transaction((m) => this.appointments.setNotes(m, id, p.notes ?? null));
    return this.get(id);
  }

  private async reschedule(auth: AuthContext, current: AppointmentView, start: Date, staffId: string, now: Date): Promise<void> {
    if (!canReschedule(current.status)) throw new ConflictError(`A ${current.status.replace('-', ' ')} appointment cannot be moved`);
    if (current.segments.length > 1) throw new ConflictError('A visit of several services cannot be moved as a whole yet; cancel it and book it again');
    const service = await this.catalogue.findService(current.serviceId);
    if (!service) throw new NotFoundError(`Service ${current.serviceId} not found`);
    const ctx = { service, locationId: current.locationId, staffId, start, now, relax: true, ignoreAppointmentId: current.id };
    const { check, cal } = await this.availability.check(ctx);
    if (!check.ok) throw new BookingConflictError(check.reasons[0] ?? 'That time is not available', this.alternatives(check.alternatives, cal), null);
    const seg = check.slot.segments[0];
    const price = seg.staffId === current.staffId ? current.priceMinor : priceFor(service, seg.staffId);
    try {
      await this.dataSource.transaction(async (m) => {
        const locked = await this.appointments.lock(current.id, m);
        if (!locked || locked.version !== current.version) throw new ConflictError('The appointment was changed by someone else; reload it and try again');
        await this.appointments.releaseAllocations(m, current.id);
        await this.appointments.move(m, current.id, { startsAt: seg.start, endsAt: seg.end, staffId: seg.staffId, priceMinor: price, service: snapshot(service, seg.staffId, price) });
        await this.allocate(m, current.id, check.slot, cal);
        await this.outbox.append(m, {
          type: 'scheduling.appointment.rescheduled.v1', aggregateType: 'appointment', aggregateId: current.id, locationId: current.locationId,
          actor: { type: 'user', id: auth.userId },
          payload: {
            appointmentId: current.id, clientId: current.clientId, staffId: seg.staffId, previousStaffId: current.staffId, previousStartsAt: current.startsAt,
            startsAt: seg.start.toISOString(), endsAt: seg.end.toISOString(),
          },
        });
      });
    } catch (error) {
      throw await this.conflict(error, ctx);
    }
  }

  private async changeStatus(auth: AuthContext, id: string, to: AppointmentStatus, reason: string | null, now: Date): Promise<void> {
    await this.dataSource.transaction(async (m) => {
      const a = await this.appointments.lock(id, m);
      if (!a) throw new NotFoundError(`Appointment ${id} not found`);
      const t = checkTransition(a.status, to);
      if (!t.ok) throw new ConflictError(t.message);
      let lateCancel: boolean | undefined;
      if (to === 'cancelled') {
        lateCancel = isLateCancel(new Date(a.startsAt), now, (await this.schedules.policy(a.locationId)).lateCancelHours);
      }
      await this.appointments.setStatus(m, id, { status: to, cancelReason: to === 'cancelled' ? reason : null, lateCancel });
      if (!holdsResources(to)) await this.appointments.deactivateAllocations(m, id);
      const base = { appointmentId: a.id, clientId: a.clientId, staffId: a.staffId, startsAt: a.startsAt };
      const common = { aggregateType: 'appointment', aggregateId: a.id, locationId: a.locationId, actor: { type: 'user' as const, id: auth.userId } };
      if (to === 'cancelled') await this.outbox.append(m, { ...common, type: STATUS_EVENTS.cancelled, payload: { ...base, reason, lateCancel: lateCancel ?? false } });
      else if (to === 'completed')
        await this.outbox.append(m, { ...common, type: STATUS_EVENTS.completed, payload: { ...base, serviceId: a.serviceId, priceMinor: a.priceMinor, currency: a.currency } });
      else if (to === 'checked-in') await this.outbox.append(m, { ...common, type: STATUS_EVENTS['checked-in'], payload: base });
      else if (to === 'no-show') await this.outbox.append(m, { ...common, type: STATUS_EVENTS['no-show'], payload: base });
    });
  }

  private allocate(m: EntityManager, appointmentId: string, slot: Slot, cal: Calendars): Promise<void> {
    return this.writer.allocate(m, appointmentId, slot, cal);
  }

  /** A refused hold (or a deadlock between two bookings) → 409 naming what was taken, with fresh alternatives. */
  private conflict(error: unknown, ctx: Parameters<AvailabilityUseCase['check']>[0]): Promise<unknown> {
    return this.writer.conflict(error, () => this.availability.check(ctx), (s, cal) => this.availability.view(s, cal));
  }

  private alternatives(slots: Slot[], cal: Calendars) {
    return slots.slice(0, 5).map((s) => this.availability.view(s, cal));
  }
}
