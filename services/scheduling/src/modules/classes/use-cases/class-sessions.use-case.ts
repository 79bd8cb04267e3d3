import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { ClassSessionDetail, PublicClassView } from '@salon/contracts';
import {
  ConflictError,
  NotFoundError,
  OutboxWriter,
  parseInput,
  ReferenceCheck,
  UserDirectory,
  ValidationFailedError,
  type AuthContext,
} from '@salon/nest-kit';
import { DateTime } from 'luxon';
import { DataSource, type EntityManager } from 'typeorm';
import { z } from 'zod';
import { dateSchema, instantSchema, intSchema, lineSchema, moneyMinorSchema, textSchema } from '@salon/contracts';
import { actorUuid, isUuid } from '../../../common/ids.js';
import { BookingConflictError, isBookingRace, refusedTime } from '../../allocations/domain/booking-conflict.js';
import { AllocationsUseCase } from '../../allocations/use-cases/allocations.use-case.js';
import { classSeatsLeft } from '../../availability/domain/class-capacity.js';
import { checkClassPlacement, type ClassPlacement } from '../../availability/domain/class-placement.js';
import { expandRecurrence, MAX_OCCURRENCES } from '../../availability/domain/recurrence.js';
import { AvailabilityUseCase } from '../../availability/use-cases/availability.use-case.js';
import { CatalogueRepository, type ResourceView } from '../../catalogue/persistence/catalogue.repository.js';
import { SchedulesUseCase } from '../../schedules/use-cases/schedules.use-case.js';
import { checkCapacityChange, checkSessionCancel, checkSessionChange } from '../domain/class-enrolment.js';
import { ClassRepository, type ClassSessionView, type SessionChanges } from '../persistence/class.repository.js';
import { ClassEnrolmentsUseCase } from './class-enrolments.use-case.js';

const DAY = 86_400_000;
const MAX_WINDOW_DAYS = 62;

const currency = z.string().regex(/^[A-Z]{3}$/, 'must be a 3-letter currency code');
const fields = {
  name: lineSchema(120, { min: 1 }),
  description: textSchema(2000).nullish(),
  category: lineSchema(60).nullish(),
  instructorId: z.uuid(),
  roomId: z.uuid().nullish(),
  startsAt: instantSchema(),
  durationMin: intSchema({ min: 5, max: 720 }),
  capacity: intSchema({ min: 1, max: 500 }),
  priceMinor: moneyMinorSchema(),
  currency,
};

const repeatSchema = z
  .object({
    everyWeeks: intSchema({ min: 1, max: 12 }),
    count: intSchema({ min: 1, max: MAX_OCCURRENCES }).optional(),
    /** Last local date a class may fall on (inclusive). */
    until: dateSchema().optional(),
  })
  .strict()
  .refine((r) => r.count !== undefined || r.until !== undefined, { message: 'needs count or until', path: ['count'] });

const createSchema = z
  .object({
    locationId: z.uuid(),
    ...fields,
    priceMinor: fields.priceMinor.default(0),
    currency: currency.default('USD'),
    repeat: repeatSchema.nullish(),
  })
  .strict();

const patchSchema = z
  .object({
    name: fields.name.optional(),
    description: fields.description,
    category: fields.category,
    instructorId: fields.instructorId.optional(),
    roomId: fields.roomId,
    startsAt: fields.startsAt.optional(),
    durationMin: fields.durationMin.optional(),
    capacity: fields.capacity.optional(),
    priceMinor: fields.priceMinor.optional(),
    currency: currency.optional(),
    version: intSchema({ min: 1 }).optional(),
  })
  .strict();

const cancelSchema = z.object({ reason: textSchema(500).nullish() }).strict();

const listSchema = z.object({ locationId: z.uuid(), from: instantSchema(), to: instantSchema() });

export type { ClassSessionDetail, PublicClassView };

/** A class to place at a location, with its room as the catalogue has it. */
interface Placement extends ClassPlacement {
  locationId: string;
  room: ResourceView | null;
}

/**
 * Class sessions: planning (with a weekly repeat), moving, cancelling. The instructor and room
 * are validated by the availability engine like a booking (working hours, time off, breaks,
 * appointments, other classes), then held through the allocations module, where
 * `no_double_booking` has the last word against a concurrent appointment.
 */
@Injectable()
export class ClassSessionsUseCase {
  constructor(
    private readonly dataSource: DataSource,
    private readonly classes: ClassRepository,
    private readonly catalogue: CatalogueRepository,
    private readonly availability: AvailabilityUseCase,
    private readonly schedules: SchedulesUseCase,
    private readonly enrolments: ClassEnrolmentsUseCase,
    private readonly directory: UserDirectory,
    private readonly outbox: OutboxWriter,
    private readonly allocations: AllocationsUseCase,
    private readonly references: ReferenceCheck,
  ) {}

  async list(query: unknown): Promise<ClassSessionView[]> {
    const q = parseInput(listSchema, query);
    return this.classes.list({ locationId: q.locationId, ...window(q.from, q.to) });
  }

  /** What a visitor may sign up for: scheduled classes that have not started, with seats left. */
  async publicList(query: unknown, now = new Date()): Promise<PublicClassView[]> {
    const q = parseInput(listSchema, query);
    const sessions = (await this.classes.list({ locationId: q.locationId, ...window(q.from, q.to), scheduledOnly: true })).filter(
      (s) => new Date(s.startsAt) > now,
    );
    return Promise.all(
      sessions.map(async (s) => ({
        id: s.id,
        name: s.name,
        description: s.description,
        category: s.category,
        instructorId: s.instructorId,
        instructorName: (await this.directory.nameOf(s.instructorId)) ?? 'Instructor',
        startsAt: s.startsAt,
        endsAt: s.endsAt,
        capacity: s.capacity,
        seatsLeft: classSeatsLeft(s.capacity, s.enrolledCount),
        priceMinor: s.priceMinor,
        currency: s.currency,
      })),
    );
  }

  async get(id: string): Promise<ClassSessionDetail> {
    const session = isUuid(id) ? await this.classes.find(id) : null;
    if (!session) throw new NotFoundError(`Class ${id} not found`);
    return { ...session, enrolments: await this.classes.enrolments(id) };
  }

  /** One session, or a weekly series whose every date is checked before anything is saved. */
  async create(auth: AuthContext, input: unknown, now = new Date()): Promise<{ seriesId: string | null; sessions: ClassSessionView[] }> {
    const c = parseInput(createSchema, input);
    await this.references.require({
      staff: [{ field: 'instructorId', id: c.instructorId }],
      locations: [{ field: 'locationId', id: c.locationId }],
    });
    const first = new Date(c.startsAt);
    if (first <= now) throw ValidationFailedError.field('startsAt', 'must be in the future');
    const room = await this.room(c.roomId ?? null, c.locationId);
    const { timeZone } = await this.schedules.policy(c.locationId);
    const starts = c.repeat
      ? expandRecurrence({
          start: first,
          everyWeeks: c.repeat.everyWeeks,
          count: c.repeat.count,
          until: c.repeat.until ? endOfLocalDay(c.repeat.until, timeZone) : undefined,
          timeZone,
        })
      : [first];
    if (starts.length === 0) throw ValidationFailedError.field('repeat.until', 'is before the first class');
    const placement: Placement = {
      locationId: c.locationId,
      instructorId: c.instructorId,
      room,
      roomId: room?.id ?? null,
      starts,
      durationMin: c.durationMin,
      name: c.name,
    };
    await this.ensureFree(placement, now);
    const seriesId = starts.length > 1 ? randomUUID() : null;
    const ids = await this.withTakenAsConflict(placement, () =>
      this.dataSource.transaction(async (m) => {
        const created: string[] = [];
        for (const startsAt of starts) {
          const endsAt = new Date(startsAt.getTime() + c.durationMin * 60_000);
          const id = await this.classes.insertSession(m, {
            locationId: c.locationId,
            seriesId,
            name: c.name,
            description: c.description ?? null,
            category: c.category ?? null,
            instructorId: c.instructorId,
            roomId: room?.id ?? null,
            startsAt,
            endsAt,
            capacity: c.capacity,
            priceMinor: c.priceMinor,
            currency: c.currency,
            createdBy: actorUuid(auth.userId),
          });
          await this.hold(m, id, placement, startsAt, endsAt);
          await this.outbox.append(m, {
            type: 'scheduling.class.scheduled.v1',
            aggregateType: 'class-session',
            aggregateId: id,
            locationId: c.locationId,
            actor: { type: 'user', id: auth.userId },
            payload: {
              classSessionId: id,
              seriesId,
              name: c.name,
              instructorId: c.instructorId,
              roomId: room?.id ?? null,
              startsAt: startsAt.toISOString(),
              endsAt: endsAt.toISOString(),
              capacity: c.capacity,
              priceMinor: c.priceMinor,
              currency: c.currency,
            },
          });
          created.push(id);
        }
        return created;
      }),
    );
    const sessions = await Promise.all(ids.map(async (id) => (await this.classes.find(id))!));
    return { seriesId, sessions };
  }

  /** Edits; a new time, length, instructor or room is validated again, a raised capacity promotes the waitlist. */
  async update(auth: AuthContext, id: string, input: unknown, now = new Date()): Promise<ClassSessionDetail> {
    const p = parseInput(patchSchema, input);
    const current = await this.get(id);
    if (p.version !== undefined && p.version !== current.version)
      throw new ConflictError('The class was changed by someone else; reload it and try again');
    if (p.instructorId && p.instructorId !== current.instructorId)
      await this.references.require({ staff: [{ field: 'instructorId', id: p.instructorId }] });
    const startsAt = p.startsAt ? new Date(p.startsAt) : new Date(current.startsAt);
    const durationMin = p.durationMin ?? current.durationMin;
    const instructorId = p.instructorId ?? current.instructorId;
    const roomId = p.roomId === undefined ? current.roomId : p.roomId;
    const moving =
      startsAt.getTime() !== new Date(current.startsAt).getTime() ||
      durationMin !== current.durationMin ||
      instructorId !== current.instructorId ||
      roomId !== current.roomId;
    const facts = { ...current, startsAt: new Date(current.startsAt), endsAt: new Date(current.endsAt) };
    const change = checkSessionChange(facts, now, moving);
    if (!change.ok) throw new ConflictError(change.message);
    let placement: Placement | null = null;
    if (moving) {
      if (startsAt <= now) throw ValidationFailedError.field('startsAt', 'must be in the future');
      const room = await this.room(roomId, current.locationId);
      placement = {
        locationId: current.locationId,
        instructorId,
        room,
        roomId: room?.id ?? null,
        starts: [startsAt],
        durationMin,
        name: p.name ?? current.name,
        sessionId: id,
      };
      await this.ensureFree(placement, now);
    }
    const endsAt = new Date(startsAt.getTime() + durationMin * 60_000);
    const apply = async (m: EntityManager) => {
      const locked = await this.classes.lock(m, id);
      if (!locked || locked.version !== current.version)
        throw new ConflictError('The class was changed by someone else; reload it and try again');
      if (p.capacity !== undefined) {
        const check = checkCapacityChange(p.capacity, await this.classes.roster(m, id));
        if (!check.ok) throw ValidationFailedError.field('capacity', check.message);
      }
      const changes: SessionChanges = {
        name: p.name,
        description: p.description,
        category: p.category,
        capacity: p.capacity,
        priceMinor: p.priceMinor,
        currency: p.currency,
        ...(moving ? { startsAt, endsAt, instructorId, roomId } : {}),
      };
      await this.classes.updateSession(m, id, changes);
      if (placement) {
        await this.allocations.release(m, { classSessionId: id });
        await this.hold(m, id, placement, startsAt, endsAt);
        await this.outbox.append(m, {
          type: 'scheduling.class.rescheduled.v1',
          aggregateType: 'class-session',
          aggregateId: id,
          locationId: current.locationId,
          actor: { type: 'user', id: auth.userId },
          payload: {
            classSessionId: id,
            instructorId,
            roomId,
            previousStartsAt: current.startsAt,
            startsAt: startsAt.toISOString(),
            endsAt: endsAt.toISOString(),
          },
        });
      }
      if (p.capacity !== undefined && p.capacity > locked.capacity)
        await this.enrolments.promote(m, auth, { ...locked, startsAt, capacity: p.capacity });
    };
    await (placement ? this.withTakenAsConflict(placement, () => this.dataSource.transaction(apply)) : this.dataSource.transaction(apply));
    return this.get(id);
  }

  /** Cancels the class with every place on it and frees its instructor and room. */
  async cancel(auth: AuthContext, id: string, input: unknown, now = new Date()): Promise<ClassSessionDetail> {
    const { reason } = parseInput(cancelSchema, input ?? {});
    await this.dataSource.transaction(async (m) => {
      const session = isUuid(id) ? await this.classes.lock(m, id) : null;
      if (!session) throw new NotFoundError(`Class ${id} not found`);
      const check = checkSessionCancel(session, now);
      if (!check.ok) throw new ConflictError(check.message);
      const active = (await this.classes.roster(m, id)).filter((e) => e.status !== 'cancelled');
      await this.classes.setEnrolmentStatus(
        m,
        active.map((e) => e.id),
        'cancelled',
      );
      await this.classes.cancelSession(m, id, reason ?? null);
      await this.allocations.release(m, { classSessionId: id });
      await this.outbox.append(m, {
        type: 'scheduling.class.cancelled.v1',
        aggregateType: 'class-session',
        aggregateId: id,
        locationId: session.locationId,
        actor: { type: 'user', id: auth.userId },
        payload: {
          classSessionId: id,
          name: session.name,
          startsAt: session.startsAt.toISOString(),
          reason: reason ?? null,
          clientIds: active.map((e) => e.clientId),
        },
      });
    });
    return this.get(id);
  }

  private async room(roomId: string | null, locationId: string): Promise<ResourceView | null> {
    if (!roomId) return null;
    const room = await this.catalogue.findResource('room', roomId);
    if (!room || room.locationId !== locationId) throw ValidationFailedError.field('roomId', 'is not a room of this location');
    if (!room.active) throw ValidationFailedError.field('roomId', `${room.name} is inactive`);
    return room;
  }

  /**
   * Asks the engine about every date (availability/domain/class-placement.ts). All conflicts are
   * reported at once → the one conflict, with one taken time per date.
   */
  private async ensureFree(p: Placement, now: Date): Promise<void> {
    const last = p.starts[p.starts.length - 1];
    const from = new Date(p.starts[0].getTime() - DAY);
    const to = new Date(last.getTime() + p.durationMin * 60_000 + DAY);
    const cal = await this.availability.classCalendars(p.locationId, p.instructorId, p.roomId, from, to);
    const conflicts = checkClassPlacement(p, cal, now);
    if (conflicts.length === 0) return;
    const when = (iso: string) => DateTime.fromISO(iso, { zone: cal.policy.timeZone }).toFormat('EEE LLL d');
    const message =
      p.starts.length === 1
        ? conflicts[0].reason
        : `${conflicts.length} of ${p.starts.length} dates are not free (${when(conflicts[0].startsAt)}: ${conflicts[0].reason})`;
    throw new BookingConflictError(
      message,
      conflicts.map((c) => refusedTime(c.startsAt, c.reason)),
    );
  }

  /** The instructor, and every place of the room, through the one writer of holds. */
  private async hold(m: EntityManager, sessionId: string, p: Placement, from: Date, to: Date): Promise<void> {
    const instructor = { id: p.instructorId, name: (await this.directory.nameOf(p.instructorId)) ?? 'The instructor' };
    await this.allocations.holdClass(m, sessionId, { instructor, room: p.room, from, to });
  }

  /** The database refused a hold that the engine had allowed: someone booked it meanwhile. */
  private async withTakenAsConflict<T>(p: Placement, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      if (!isBookingRace(error)) throw error;
      const { timeZone } = await this.schedules.policy(p.locationId);
      throw this.allocations.raceConflict(error, timeZone, p.starts[0]);
    }
  }
}

function window(fromIso: string, toIso: string): { from: Date; to: Date } {
  const from = new Date(fromIso);
  const to = new Date(toIso);
  if (!(from < to)) throw ValidationFailedError.field('to', 'must be after from');
  if (to.getTime() - from.getTime() > MAX_WINDOW_DAYS * DAY)
    throw ValidationFailedError.field('to', `the window is at most ${MAX_WINDOW_DAYS} days`);
  return { from, to };
}

function endOfLocalDay(date: string, zone: string): Date {
  return DateTime.fromISO(date, { zone }).endOf('day').toJSDate();
}
