import { Injectable } from '@nestjs/common';
import {
  ConflictError,
  ForbiddenError,
  NotFoundError,
  OutboxWriter,
  parseInput,
  PermissionResolver,
  ReferenceCheck,
  UserDirectory,
  ValidationFailedError,
  type AuthContext,
} from '@salon/nest-kit';
import { DataSource, type EntityManager } from 'typeorm';
import { z } from 'zod';
import { instantSchema, intSchema, textSchema } from '@salon/contracts';
import { actorOf, actorUuid, isUuid } from '../../../common/ids.js';
import { BookingConflictError, Taken } from '../../allocations/domain/booking-conflict.js';
import { withTakenHold } from '../../availability/domain/race-taken.js';
import { AllocationsUseCase } from '../../allocations/use-cases/allocations.use-case.js';
import type { Slot } from '../../availability/domain/availability-types.js';
import { AvailabilityUseCase, type Calendars } from '../../availability/use-cases/availability.use-case.js';
import { VisitAvailabilityUseCase } from '../../availability/use-cases/visit-availability.use-case.js';
import { CatalogueRepository } from '../../catalogue/persistence/catalogue.repository.js';
import {
  APPOINTMENT_STATUSES,
  canReschedule,
  checkTransition,
  holdsResources,
  isLateCancel,
  type AppointmentStatus,
} from '../domain/appointment-status.js';
import { appointmentChanges } from '../domain/appointment-changes.js';
import { calendarScope, canSeeAppointment } from '../domain/calendar-scope.js';
import { priceFor, snapshot } from '../domain/visit-price.js';
import { SchedulesUseCase } from '../../schedules/use-cases/schedules.use-case.js';
import { AppointmentChangeRepository } from '../persistence/appointment-change.repository.js';
import { AppointmentRepository, type AppointmentView } from '../persistence/appointment.repository.js';
import type { AppointmentChangeView } from '@salon/contracts';
import { bookingReferences, visitFields, visitParts } from './booking-input.dto.js';
import { BookingWriter, type NewBooking } from './booking-writer.use-case.js';

const MAX_LENGTH_MIN = 12 * 60;
const MIN = 60_000;

const bookSchema = z.object(visitFields).strict();

export interface BookingSteps {
  /** After the engine's check, before the booking's transaction. */
  afterCheck?: () => Promise<void>;
  /** Inside the booking's transaction, after its appointment and holds are written (the id is the new appointment's). */
  inTransaction?: (m: EntityManager, appointmentId: string) => Promise<void>;
  /** Before the booked event is written (same transaction): true keeps it back (BookingWriter). */
  holdBookedEvent?: NewBooking['holdBookedEvent'];
  /** A member booking online: days beyond the location's maximum advance (their priority booking window). */
  extraAdvanceDays?: number;
}

const patchSchema = z
  .object({
    startsAt: instantSchema().optional(),
    staffId: z.uuid().optional(),
    /** Another service of the catalogue (single-service appointments): its length and price for the staff member. */
    serviceId: z.uuid().optional(),
    /** Resize: the new end, or the new length in minutes (one of the two). */
    endsAt: instantSchema().optional(),
    durationMin: intSchema({ min: 5, max: MAX_LENGTH_MIN }).optional(),
    status: z.enum(APPOINTMENT_STATUSES).optional(),
    cancelReason: textSchema(500).nullish(),
    notes: textSchema(2000).nullish(),
    version: intSchema({ min: 1 }).optional(),
  })
  .strict();

const listSchema = z.object({
  from: instantSchema(),
  to: instantSchema(),
  locationId: z.uuid().optional(),
  staffId: z.uuid().optional(),
});

/** The list, or only its fingerprint when the caller already holds that version (`If-None-Match`). */
export type ListAnswer = { etag: string; notModified: true } | { etag: string; notModified: false; items: AppointmentView[] };

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
    private readonly permissions: PermissionResolver,
    private readonly allocations: AllocationsUseCase,
    private readonly references: ReferenceCheck,
    private readonly changeLog: AppointmentChangeRepository,
    private readonly directory: UserDirectory,
  ) {}

  /** The window's appointments the caller may see: everyone's, or only their own with view_own_schedule. */
  async list(auth: AuthContext, query: unknown): Promise<AppointmentView[]> {
    return this.appointments.list(await this.listFilter(auth, query));
  }

  /**
   * The list for polling calendars: a cheap fingerprint (ids and versions in the window) decides
   * first, so an unchanged calendar costs one aggregate query and an empty 304.
   */
  async listIfChanged(auth: AuthContext, query: unknown, ifNoneMatch: string | undefined): Promise<ListAnswer> {
    const filter = await this.listFilter(auth, query);
    const etag = `"a-${await this.appointments.fingerprint(filter)}"`;
    if (ifNoneMatch && ifNoneMatch.split(',').some((t) => t.trim().replace(/^W\//, '') === etag)) return { etag, notModified: true };
    return { etag, notModified: false, items: await this.appointments.list(filter) };
  }

  private async listFilter(auth: AuthContext, query: unknown) {
    const q = parseInput(listSchema, query);
    const from = new Date(q.from);
    const to = new Date(q.to);
    if (!(from < to)) throw ValidationFailedError.field('to', 'must be after from');
    if (to.getTime() - from.getTime() > 62 * 86_400_000) throw ValidationFailedError.field('to', 'the window is at most 62 days');
    const staffIds = calendarScope(await this.subject(auth), q.staffId ? [q.staffId] : undefined);
    return { from, to, locationId: q.locationId, staffIds };
  }

  /** One appointment for a caller: someone else's is 403 for view_own_schedule. */
  async getFor(auth: AuthContext, id: string): Promise<AppointmentView> {
    const a = await this.get(id);
    if (!canSeeAppointment(await this.subject(auth), [a.staffId]))
      throw new ForbiddenError('Forbidden: view_own_schedule shows only your own appointments');
    return a;
  }

  async get(id: string): Promise<AppointmentView> {
    const a = isUuid(id) ? await this.appointments.find(id) : null;
    if (!a) throw new NotFoundError(`Appointment ${id} not found`);
    return a;
  }

  private async subject(auth: AuthContext) {
    return {
      userId: auth.userId,
      role: auth.role,
      permissions: auth.role === 'admin' ? [] : await this.permissions.permissionsOf(auth.userId),
    };
  }

  /**
   * POST /api/appointments and bookAppointment: the client and the staff named are checked with
   * their owners (clients, identity) before anything else; an unknown one is a 400 naming its field.
   */
  async book(auth: AuthContext, input: unknown, now = new Date()): Promise<AppointmentView> {
    const b = parseInput(bookSchema, input);
    // The reference checks (HTTP to clients and identity) run beside the engine's reads instead of
    // before them; nothing is written until they pass, and a bad reference is still the answer
    // when the time is refused as well.
    const references = this.references.require(bookingReferences(b));
    references.catch(() => undefined);
    try {
      return await this.place(auth, b, now, { afterCheck: () => references });
    } catch (error) {
      await references;
      throw error;
    }
  }

  /**
   * A booking whose references the caller established itself: online booking's client is the
   * visitor's own new profile (created by `steps.inTransaction`) or the signed-in client's, its staff
   * from the page's offer (people with hours here).
   */
  async bookVouched(auth: AuthContext, input: unknown, now = new Date(), steps: BookingSteps = {}): Promise<AppointmentView> {
    return this.place(auth, parseInput(bookSchema, input), now, steps);
  }

  /**
   * Books after the engine's check; the exclusion constraint decides races. Online booking adds two
   * steps for a visitor's profile: `afterCheck` once the engine has accepted the time (before any
   * transaction, so it may use its own connection), and `inTransaction` inside the booking's
   * transaction once the holds are taken (so only a booking that will commit reaches it; its failure
   * undoes the booking).
   */
  private async place(auth: AuthContext, b: z.output<typeof bookSchema>, now: Date, steps: BookingSteps = {}): Promise<AppointmentView> {
    const { req, check, cal } = await this.checkVisit(b, now, steps.extraAdvanceDays ?? 0);
    if (steps.afterCheck) await steps.afterCheck();
    const inTransaction = steps.inTransaction;
    let booked: AppointmentView;
    const booking = {
      locationId: b.locationId,
      clientId: b.clientId,
      slot: check.slot,
      cal,
      notes: b.notes ?? null,
      source: b.source,
      actor: actorOf(auth),
      bookedBy: actorUuid(auth.userId),
    };
    try {
      booked =
        inTransaction || steps.holdBookedEvent
          ? await this.dataSource.transaction(async (m) => {
              const written = await this.writer.book(m, { ...booking, holdBookedEvent: steps.holdBookedEvent });
              if (inTransaction) await inTransaction(m, written.id);
              return written;
            })
          : await this.writer.bookAlone(this.dataSource, booking);
    } catch (error) {
      throw await this.allocations.conflict(
        error,
        // A hold the constraint refused: the alternatives come from the calendars this request
        // loaded, with what was taken marked busy (no second load on the refusal's path). A
        // deadlock says nothing about what was taken: those load the calendars again.
        error instanceof Taken
          ? async () => {
              const after = withTakenHold(cal, check.slot, error.resource);
              return { check: this.visits.checkLoaded(req, after), cal: after };
            }
          : () => this.visits.check(req),
        (s, c) => this.visits.view(s, c),
        req.start,
      );
    }
    // Online booking's steps may change the appointment in its transaction: read back what committed.
    return steps.inTransaction || steps.holdBookedEvent ? this.get(booked.id) : booked;
  }

  /** The engine's refusal (reason and alternatives) of a visit, without booking it or needing its client. */
  async refuseUnlessBookable(input: unknown, now = new Date()): Promise<void> {
    await this.checkVisit(parseInput(bookSchema.omit({ clientId: true }), input), now);
  }

  private async checkVisit(b: Omit<z.output<typeof bookSchema>, 'clientId'>, now: Date, extraAdvanceDays = 0) {
    const parts = visitParts(b);
    const services = await this.visits.services(
      parts.map((p) => p.serviceId),
      b.locationId,
    );
    const notOnline = services.find((s) => !s.onlineBookable);
    if (b.source === 'online' && notOnline) throw new ConflictError(`${notOnline.name} cannot be booked online`);
    const req = {
      services,
      staffIds: parts.map((p) => p.staffId),
      locationId: b.locationId,
      now,
      relax: b.source === 'staff',
      start: new Date(b.startsAt),
      extraAdvanceDays,
    };
    const { check, cal } = await this.visits.check(req);
    if (!check.ok)
      throw BookingConflictError.refused(
        req.start,
        check.reasons,
        check.alternatives.slice(0, 5).map((s) => this.visits.view(s, cal)),
      );
    return { req, check, cal };
  }

  /** PATCH: move (startsAt/staffId), resize (endsAt or durationMin), change status, edit notes; `version` guards against stale edits. */
  async update(auth: AuthContext, id: string, input: unknown, now = new Date()): Promise<AppointmentView> {
    const p = parseInput(patchSchema, input);
    const current = await this.get(id);
    if (p.staffId !== undefined && p.staffId !== current.staffId)
      await this.references.require({ staff: [{ field: 'staffId', id: p.staffId }] });
    if (p.version !== undefined && p.version !== current.version)
      throw new ConflictError('The appointment was changed by someone else; reload it and try again');
    const start = p.startsAt ? new Date(p.startsAt) : new Date(current.startsAt);
    const length = newLength(p, start);
    const serviceId = p.serviceId !== undefined && p.serviceId !== current.serviceId ? p.serviceId : undefined;
    if (p.startsAt !== undefined || p.staffId !== undefined || length !== undefined || serviceId !== undefined)
      await this.reschedule(auth, current, start, p.staffId ?? current.staffId, now, length, serviceId);
    if (p.status !== undefined && p.status !== (await this.get(id)).status)
      await this.changeStatus(auth, id, p.status, p.cancelReason ?? null, now);
    if (p.notes !== undefined)
      await this.dataSource.transaction(async (m) => {
        const before = await this.appointments.lock(id, m);
        if (!before) throw new NotFoundError(`Appointment ${id} not found`);
        if ((before.notes ?? null) === (p.notes ?? null)) return;
        await this.appointments.setNotes(m, id, p.notes ?? null);
        await this.logChanges(m, auth, before, now);
      });
    return this.get(id);
  }

  /**
   * Asks messaging to tell the client of the appointment as it now stands (after a move): an event
   * through the outbox; messaging picks SMS or e-mail by the client's consent. Only a future
   * appointment that still stands.
   */
  async requestClientNotice(auth: AuthContext, id: string, now = new Date()): Promise<AppointmentView> {
    const a = await this.get(id);
    if (!canReschedule(a.status) || new Date(a.startsAt) <= now)
      throw new ConflictError('Only an appointment still to come can be sent to the client');
    await this.dataSource.transaction((m) =>
      this.outbox.append(m, {
        type: 'scheduling.appointment.client-notice-requested.v1',
        aggregateType: 'appointment',
        aggregateId: a.id,
        locationId: a.locationId,
        actor: actorOf(auth),
        payload: {
          appointmentId: a.id,
          clientId: a.clientId,
          serviceName: a.serviceName,
          staffId: a.staffId,
          startsAt: a.startsAt,
          endsAt: a.endsAt,
          version: a.version,
        },
      }),
    );
    return a;
  }

  /** The change log, oldest first, with the names of the staff who made each change. */
  async changes(id: string): Promise<AppointmentChangeView[]> {
    const rows = await this.changeLog.list(id);
    const names = new Map<string, string | null>();
    for (const by of new Set(rows.filter((r) => r.byKind === 'user' && r.by).map((r) => r.by!)))
      names.set(by, await this.directory.nameOf(by).catch(() => null));
    return rows.map((r) => ({ ...r, byName: r.by ? (names.get(r.by) ?? null) : null }));
  }

  /** The client's earlier appointments, newest first, as far as the caller may see them (their own with view_own_schedule). */
  async clientHistory(auth: AuthContext, a: AppointmentView, limit: number): Promise<AppointmentView[]> {
    const subject = await this.subject(auth);
    const own = canSeeAppointment(subject, []) ? undefined : [subject.userId];
    return this.appointments.clientHistory(a.clientId, new Date(a.startsAt), a.id, Math.min(Math.max(limit, 1), 20), own);
  }

  /** A client's appointments, newest first, as far as the caller may see them (their own with view_own_schedule). */
  async forClient(auth: AuthContext, clientId: string, limit: number): Promise<AppointmentView[]> {
    if (!isUuid(clientId)) throw ValidationFailedError.field('clientId', 'must be a client id');
    if (!Number.isInteger(limit) || limit < 1 || limit > 200) throw ValidationFailedError.field('limit', 'must be 1 to 200');
    const subject = await this.subject(auth);
    const own = canSeeAppointment(subject, []) ? undefined : [subject.userId];
    return this.appointments.forClient(clientId, limit, own);
  }

  /** Writes, in the change's own transaction, what differs between `before` and the row as it now stands. */
  private async logChanges(m: EntityManager, auth: AuthContext, before: AppointmentView, now: Date): Promise<void> {
    const after = await this.appointments.find(before.id, m);
    if (after) await this.changeLog.record(m, before.id, actorOf(auth), now, appointmentChanges(before, after));
  }

  /**
   * Move and/or resize. The length is the one asked for; else a resized appointment, or one staying
   * with the same person, keeps its length; else it takes the new person's duration for the service.
   */
  private async reschedule(
    auth: AuthContext,
    current: AppointmentView,
    start: Date,
    staffId: string,
    now: Date,
    length?: number,
    newServiceId?: string,
  ): Promise<void> {
    const verb = newServiceId !== undefined ? 'changed' : length === undefined ? 'moved' : 'resized';
    if (!canReschedule(current.status)) throw new ConflictError(`A ${current.status.replace('-', ' ')} appointment cannot be ${verb}`);
    if (current.segments.length > 1)
      throw new ConflictError(`A visit of several services cannot be ${verb} as a whole yet; cancel it and book it again`);
    const serviceId = newServiceId ?? current.serviceId;
    const service = await this.catalogue.findService(serviceId);
    if (!service) {
      if (newServiceId) throw ValidationFailedError.field('serviceId', 'is not a service of the catalogue');
      throw new NotFoundError(`Service ${serviceId} not found`);
    }
    if (newServiceId && !service.active) throw ValidationFailedError.field('serviceId', `${service.name} is no longer offered`);
    // A new service brings its own length (unless one is asked for) and price.
    const resized = length !== undefined || (newServiceId === undefined && current.service?.resized === true);
    const currentLength = (new Date(current.endsAt).getTime() - new Date(current.startsAt).getTime()) / MIN;
    const durationMin = length ?? (newServiceId === undefined && (resized || staffId === current.staffId) ? currentLength : null);
    const ctx = { service, locationId: current.locationId, staffId, start, now, relax: true, ignoreAppointmentId: current.id, durationMin };
    const { check, cal } = await this.availability.check(ctx);
    if (!check.ok) throw BookingConflictError.refused(start, check.reasons, this.alternatives(check.alternatives, cal));
    const seg = check.slot.segments[0];
    // Asked to be where it already is (a drag dropped in place, a length set to what it is): nothing to write.
    if (
      newServiceId === undefined &&
      seg.staffId === current.staffId &&
      seg.start.getTime() === new Date(current.startsAt).getTime() &&
      seg.end.getTime() === new Date(current.endsAt).getTime()
    )
      return;
    const price = seg.staffId === current.staffId && newServiceId === undefined ? current.priceMinor : priceFor(service, seg.staffId);
    try {
      await this.dataSource.transaction(async (m) => {
        const locked = await this.appointments.lock(current.id, m);
        if (!locked || locked.version !== current.version)
          throw new ConflictError('The appointment was changed by someone else; reload it and try again');
        await this.allocations.release(m, { appointmentId: current.id });
        const frozen = snapshot(service, seg.staffId, price);
        const kept = resized ? { ...frozen, durationMin: (seg.end.getTime() - seg.start.getTime()) / MIN, resized: true } : frozen;
        await this.appointments.move(m, current.id, {
          startsAt: seg.start,
          endsAt: seg.end,
          staffId: seg.staffId,
          serviceId: service.id,
          priceMinor: price,
          service: kept,
        });
        await this.allocations.holdSlot(m, current.id, check.slot, cal);
        await this.logChanges(m, auth, locked, now);
        await this.outbox.append(m, {
          type: 'scheduling.appointment.rescheduled.v1',
          aggregateType: 'appointment',
          aggregateId: current.id,
          locationId: current.locationId,
          actor: actorOf(auth),
          payload: {
            appointmentId: current.id,
            clientId: current.clientId,
            staffId: seg.staffId,
            previousStaffId: current.staffId,
            previousStartsAt: current.startsAt,
            startsAt: seg.start.toISOString(),
            endsAt: seg.end.toISOString(),
          },
        });
      });
    } catch (error) {
      throw await this.conflict(error, ctx);
    }
  }

  private async changeStatus(auth: AuthContext, id: string, to: AppointmentStatus, reason: string | null, now: Date): Promise<void> {
    await this.dataSource.transaction((m) => this.changeStatusWithin(m, auth, id, to, reason, now));
  }

  /** A status change inside the caller's transaction (an event consumer's inbox transaction). */
  async changeStatusWithin(
    m: EntityManager,
    auth: AuthContext,
    id: string,
    to: AppointmentStatus,
    reason: string | null,
    now: Date,
  ): Promise<void> {
    {
      const a = await this.appointments.lock(id, m);
      if (!a) throw new NotFoundError(`Appointment ${id} not found`);
      const t = checkTransition(a.status, to);
      if (!t.ok) throw new ConflictError(t.message);
      let lateCancel: boolean | undefined;
      if (to === 'cancelled') {
        lateCancel = isLateCancel(new Date(a.startsAt), now, (await this.schedules.policy(a.locationId)).lateCancelHours);
      }
      await this.appointments.setStatus(m, id, { status: to, cancelReason: to === 'cancelled' ? reason : null, lateCancel });
      if (!holdsResources(to)) await this.allocations.deactivate(m, { appointmentId: id });
      await this.logChanges(m, auth, a, now);
      const base = { appointmentId: a.id, clientId: a.clientId, staffId: a.staffId, startsAt: a.startsAt };
      const common = { aggregateType: 'appointment', aggregateId: a.id, locationId: a.locationId, actor: actorOf(auth) };
      if (to === 'cancelled')
        await this.outbox.append(m, {
          ...common,
          type: STATUS_EVENTS.cancelled,
          payload: { ...base, reason, lateCancel: lateCancel ?? false },
        });
      else if (to === 'completed')
        await this.outbox.append(m, {
          ...common,
          type: STATUS_EVENTS.completed,
          payload: { ...base, serviceId: a.serviceId, priceMinor: a.priceMinor, currency: a.currency },
        });
      else if (to === 'checked-in') await this.outbox.append(m, { ...common, type: STATUS_EVENTS['checked-in'], payload: base });
      else if (to === 'no-show') await this.outbox.append(m, { ...common, type: STATUS_EVENTS['no-show'], payload: base });
    }
  }

  /** A refused hold (or a deadlock between two bookings) → 409 naming what was taken, with fresh alternatives. */
  private conflict(error: unknown, ctx: Parameters<AvailabilityUseCase['check']>[0]): Promise<unknown> {
    return this.allocations.conflict(
      error,
      () => this.availability.check(ctx),
      (s, cal) => this.availability.view(s, cal),
      ctx.start,
    );
  }

  private alternatives(slots: Slot[], cal: Calendars) {
    return slots.slice(0, 5).map((s) => this.availability.view(s, cal));
  }
}

/** The length a PATCH asks for, in whole minutes, or undefined when it does not resize. */
function newLength(p: { endsAt?: string; durationMin?: number }, start: Date): number | undefined {
  if (p.endsAt !== undefined && p.durationMin !== undefined)
    throw ValidationFailedError.field('durationMin', 'give endsAt or durationMin, not both');
  if (p.durationMin !== undefined) return p.durationMin;
  if (p.endsAt === undefined) return undefined;
  const minutes = (new Date(p.endsAt).getTime() - start.getTime()) / MIN;
  if (!Number.isInteger(minutes)) throw ValidationFailedError.field('endsAt', 'must be whole minutes after the start');
  if (minutes < 5 || minutes > MAX_LENGTH_MIN)
    throw ValidationFailedError.field('endsAt', `must be 5 minutes to ${MAX_LENGTH_MIN / 60} hours after the start`);
  return minutes;
}
