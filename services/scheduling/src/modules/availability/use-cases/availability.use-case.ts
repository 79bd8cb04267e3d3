import { Inject, Injectable } from '@nestjs/common';
import type { SlotView, UnavailableView } from '@salon/contracts';
import {
  APP_CONFIG,
  NotFoundError,
  parseInput,
  PermissionResolver,
  PlatformDirectory,
  UserDirectory,
  ValidationFailedError,
  type AuthContext,
} from '@salon/nest-kit';
import { DateTime } from 'luxon';
import { z } from 'zod';
import { dateOrInstantSchema, lineSchema } from '@salon/contracts';
import type { SchedulingConfig } from '../../../config.js';
import { CatalogueRepository, type ServiceView } from '../../catalogue/persistence/catalogue.repository.js';
import { calendarScope } from '../../appointments/domain/calendar-scope.js';
import { ScheduleRepository, type PolicyRow } from '../../schedules/persistence/schedule.repository.js';
import { SchedulesUseCase } from '../../schedules/use-cases/schedules.use-case.js';
import { checkBooking, findSlots } from '../domain/availability-engine.js';
import type { ClassCalendars } from '../domain/class-placement.js';
import type {
  BookingCheck,
  IsoWeekday,
  LocationPolicy,
  ResourceCalendar,
  ServiceDef,
  Slot,
  StaffCalendar,
} from '../domain/availability-types.js';
import { unavailableIntervals } from '../domain/unavailable-times.js';
import { isUuid } from '../../../common/ids.js';
import { toStaffCalendars } from '../domain/staff-calendars.js';
import { CalendarRepository } from '../persistence/calendar.repository.js';

const DAY = 86_400_000;

export interface Calendars {
  policy: LocationPolicy;
  lateCancelHours: number;
  service: ServiceView;
  def: ServiceDef;
  staff: StaffCalendar[];
  resources: ResourceCalendar[];
  fairness: Record<string, number>;
}

export type { SlotView, UnavailableView };

const unavailableQuery = z.object({
  locationId: z.uuid(),
  from: dateOrInstantSchema(),
  to: dateOrInstantSchema(),
  /** Comma-separated staff ids. */
  staffIds: lineSchema(4000)
    .optional()
    .transform((v) =>
      v
        ? v
            .split(',')
            .map((x) => x.trim())
            .filter(Boolean)
        : undefined,
    )
    .pipe(z.array(z.uuid()).optional()),
});

const slotQuery = z.object({
  locationId: z.uuid(),
  serviceId: z.uuid(),
  from: dateOrInstantSchema(),
  to: dateOrInstantSchema(),
  staffId: z.uuid().optional(),
});

/**
 * THE place where the availability engine (domain/availability-engine.ts, pure) meets the
 * database: loads the location's calendars and asks the engine. Offering slots and validating a
 * booking go through here, so both use the same rules. The database's exclusion constraint stays
 * the last word on double booking, whatever this answers.
 */
@Injectable()
export class AvailabilityUseCase {
  constructor(
    private readonly catalogue: CatalogueRepository,
    private readonly schedules: ScheduleRepository,
    private readonly schedulesUseCase: SchedulesUseCase,
    private readonly calendar: CalendarRepository,
    private readonly directory: UserDirectory,
    private readonly places: PlatformDirectory,
    private readonly permissions: PermissionResolver,
    @Inject(APP_CONFIG) private readonly config: SchedulingConfig,
  ) {}

  async slots(query: unknown, now = new Date()): Promise<{ timeZone: string; slots: SlotView[] }> {
    const q = parseInput(slotQuery, query);
    const service = await this.bookableService(q.serviceId, q.locationId);
    const policy = await this.schedulesUseCase.policy(q.locationId);
    const from = parseBound(q.from, policy.timeZone, false);
    const to = parseBound(q.to, policy.timeZone, true);
    if (!(from < to)) throw ValidationFailedError.field('to', 'must be after from');
    if (to.getTime() - from.getTime() > this.config.MAX_AVAILABILITY_DAYS * DAY)
      throw ValidationFailedError.field('to', `the window is at most ${this.config.MAX_AVAILABILITY_DAYS} days`);
    const cal = await this.load(service, q.locationId, from, to);
    const slots = findSlots({
      from,
      to,
      now,
      services: [cal.def],
      staffChoice: [q.staffId ?? 'any'],
      staff: cal.staff,
      resources: cal.resources,
      policy: cal.policy,
      fairness: cal.fairness,
    });
    return { timeZone: cal.policy.timeZone, slots: slots.map((s) => this.view(s, cal)) };
  }

  /** Validates one booking (or a move: `ignoreAppointmentId`) against the calendars. */
  async check(input: {
    service: ServiceView;
    locationId: string;
    staffId: string | null;
    start: Date;
    now: Date;
    relax: boolean;
    ignoreAppointmentId?: string;
    /** A length replacing the service's (a resized appointment). */
    durationMin?: number | null;
  }): Promise<{ check: BookingCheck; cal: Calendars }> {
    const from = new Date(input.start.getTime() - DAY);
    const to = new Date(input.start.getTime() + 2 * DAY);
    const cal = await this.load(input.service, input.locationId, from, to);
    const check = checkBooking({
      from,
      to,
      now: input.now,
      services: [cal.def],
      staffChoice: [input.staffId ?? 'any'],
      staff: cal.staff,
      resources: cal.resources,
      policy: cal.policy,
      fairness: cal.fairness,
      start: input.start,
      chosen: [input.staffId],
      relax: input.relax ? { grid: true, notice: true } : undefined,
      ignoreBusyIds: input.ignoreAppointmentId ? [input.ignoreAppointmentId] : undefined,
      durationMin: input.durationMin ? [input.durationMin] : undefined,
    });
    return { check, cal };
  }

  async bookableService(serviceId: string, locationId: string): Promise<ServiceView> {
    const service = await this.catalogue.findService(serviceId);
    if (!service || !service.active || service.locationId !== locationId)
      throw new NotFoundError(`Service ${serviceId} is not offered at this location`);
    return service;
  }

  /** The policy and the booking window's rows in one statement (the hot path of every booking: a statement costs a round trip). */
  async load(service: ServiceView, locationId: string, from: Date, to: Date): Promise<Calendars> {
    if (!isUuid(locationId)) throw new NotFoundError(`Location ${locationId} not found`);
    const reading = this.calendar.bookingWindow({
      locationId,
      staffIds: service.staff.length ? service.staff.map((s) => s.staffId) : null,
      roomType: service.roomType,
      deviceTypes: service.deviceTypes,
      from,
      to,
    });
    const p = await this.schedulesUseCase.policyOf(
      locationId,
      reading.then((w) => w.policy),
    );
    const window = await reading;
    const policy = toPolicy(p);
    const staffIds = window.staffIds;
    const needed = window.resources;
    const resourceBusy = window.busy.filter((b) => b.resourceKind !== 'staff');
    const [names, elsewhere] = await Promise.all([this.namesOf(staffIds), this.placesOf(window.elsewhere)]);
    const staff = toStaffCalendars(staffIds, names, elsewhere, {
      hours: window.hours,
      exceptions: window.exceptions,
      timeOff: window.timeOff,
      staffBusy: window.busy.filter((b) => b.resourceKind === 'staff'),
    });
    const fairness = window.counts;
    const resources: ResourceCalendar[] = needed.map((r) => ({
      resourceId: r.id,
      kind: r.kind,
      type: r.type,
      name: r.name,
      capacity: r.capacity,
      busy: resourceBusy
        .filter((b) => b.resourceId === r.id)
        .map((b) => ({ start: b.start, end: b.end, label: 'Booked', count: 1, id: b.appointmentId })),
    }));
    const def: ServiceDef = {
      id: service.id,
      name: service.name,
      durationMin: service.durationMin,
      bufferBeforeMin: service.bufferBeforeMin,
      bufferAfterMin: service.bufferAfterMin,
      processing: service.processing,
      roomType: service.roomType,
      deviceTypes: service.deviceTypes,
      staffIds,
      overrides: Object.fromEntries(service.staff.filter((s) => s.durationMin).map((s) => [s.staffId, { durationMin: s.durationMin! }])),
    };
    return { policy, lateCancelHours: p.lateCancelHours, service, def, staff, resources, fairness };
  }

  /** The calendars a class is judged against (no service: the instructor's and the room's). */
  async classCalendars(locationId: string, instructorId: string, roomId: string | null, from: Date, to: Date): Promise<ClassCalendars> {
    const p = await this.schedulesUseCase.policy(locationId);
    const [[instructor], room, roomBusy] = await Promise.all([
      this.staffCalendars(locationId, [instructorId], from, to, p.timeZone, true),
      roomId ? this.catalogue.findResource('room', roomId) : Promise.resolve(null),
      roomId
        ? this.calendar.activeAllocations('room', [roomId], new Date(from.getTime() - DAY), new Date(to.getTime() + DAY))
        : Promise.resolve([]),
    ]);
    return {
      policy: toPolicy(p),
      instructor: instructor!,
      room: room && {
        resourceId: room.id,
        kind: 'room',
        type: room.type,
        name: room.name,
        capacity: room.capacity,
        busy: roomBusy.map((b) => ({ start: b.start, end: b.end, label: 'Booked', count: 1, id: b.appointmentId })),
      },
    };
  }

  /**
   * The staff calendars of a location, no service needed: hours, breaks, exceptions and time off
   * around [from, to); with `withBusy` also their active holds (what a booking check needs).
   */
  async staffCalendars(
    locationId: string,
    staffIds: string[],
    from: Date,
    to: Date,
    zone: string,
    withBusy: boolean,
  ): Promise<StaffCalendar[]> {
    if (staffIds.length === 0) return [];
    const localFrom = DateTime.fromJSDate(from, { zone }).minus({ days: 1 }).toISODate()!;
    const localTo = DateTime.fromJSDate(to, { zone }).plus({ days: 1 }).toISODate()!;
    const [hours, exceptions, timeOff, staffBusy, names, elsewhere] = await Promise.all([
      this.schedules.workingHours(locationId, staffIds),
      this.schedules.exceptions(locationId, localFrom, localTo, staffIds),
      this.schedules.timeOff(from, to, staffIds, locationId),
      withBusy
        ? this.calendar.activeAllocations('staff', staffIds, new Date(from.getTime() - DAY), new Date(to.getTime() + DAY))
        : Promise.resolve([]),
      this.namesOf(staffIds),
      this.schedules.workWeekdaysElsewhere(locationId, staffIds).then((rows) => this.placesOf(rows)),
    ]);
    return toStaffCalendars(staffIds, names, elsewhere, { hours, exceptions, timeOff, staffBusy });
  }

  private namesOf(staffIds: readonly string[]): Promise<string[]> {
    return Promise.all(staffIds.map(async (id) => (await this.directory.nameOf(id)) ?? 'The staff member'));
  }

  /**
   * Where each person works on the weekdays they do not work here, by location name. Only a
   * sentence depends on it, so a directory that cannot be asked leaves it empty ("is off today").
   */
  private async placesOf(
    rows: readonly { staffId: string; locationId: string; weekday: number }[],
  ): Promise<Map<string, NonNullable<StaffCalendar['elsewhere']>>> {
    const byStaff = new Map<string, NonNullable<StaffCalendar['elsewhere']>>();
    for (const row of rows) {
      const place = await this.places.location(row.locationId).catch(() => null);
      if (!place) continue;
      const list = byStaff.get(row.staffId) ?? [];
      list.push({ weekday: row.weekday as IsoWeekday, location: place.name ?? 'another location' });
      byStaff.set(row.staffId, list);
    }
    return byStaff;
  }

  /**
   * The calendar's shading: for each staff member working at the location (or those asked for,
   * within the caller's scope), when in [from, to) they cannot be booked and the engine's reason.
   * Ordered by name so calendar columns keep one order.
   */
  async unavailable(auth: AuthContext, query: unknown, now = new Date()): Promise<UnavailableView> {
    const q = parseInput(unavailableQuery, query);
    const p = await this.schedulesUseCase.policy(q.locationId);
    const from = parseBound(q.from, p.timeZone, false);
    const to = parseBound(q.to, p.timeZone, true);
    if (!(from < to)) throw ValidationFailedError.field('to', 'must be after from');
    if (to.getTime() - from.getTime() > this.config.MAX_AVAILABILITY_DAYS * DAY)
      throw ValidationFailedError.field('to', `the window is at most ${this.config.MAX_AVAILABILITY_DAYS} days`);
    const permissions = auth.role === 'admin' ? [] : await this.permissions.permissionsOf(auth.userId);
    const scope = calendarScope({ userId: auth.userId, role: auth.role, permissions }, q.staffIds);
    const staffIds = scope ?? (await this.calendar.staffAt(q.locationId));
    const policy = toPolicy(p);
    const calendars = await this.staffCalendars(q.locationId, staffIds, from, to, p.timeZone, true);
    const staff = calendars
      .map((cal) => ({
        staffId: cal.staffId,
        name: cal.name,
        intervals: unavailableIntervals(cal, { start: from, end: to }, policy, now).map((u) => ({
          startsAt: u.start.toISOString(),
          endsAt: u.end.toISOString(),
          code: u.code,
          reason: u.reason,
        })),
      }))
      .sort((a, b) => a.name.localeCompare(b.name) || a.staffId.localeCompare(b.staffId));
    return { timeZone: p.timeZone, from: from.toISOString(), to: to.toISOString(), staff };
  }

  view(slot: Slot, cal: Calendars): SlotView {
    const seg = slot.segments[0];
    return {
      startsAt: slot.start.toISOString(),
      endsAt: slot.end.toISOString(),
      staffId: seg.staffId,
      staffName: cal.staff.find((s) => s.staffId === seg.staffId)?.name ?? 'The staff member',
      resources: seg.resourceIds.map((id) => {
        const r = cal.resources.find((x) => x.resourceId === id);
        return { id, kind: r?.kind ?? 'room', name: r?.name ?? 'Resource' };
      }),
    };
  }
}

function toPolicy(p: PolicyRow): LocationPolicy {
  return {
    timeZone: p.timeZone,
    slotIntervalMin: p.slotIntervalMin,
    minNoticeMin: p.minNoticeMin,
    maxAdvanceDays: p.maxAdvanceDays,
    openingHours: p.openingHours?.map((h) => ({ ...h, weekday: h.weekday as IsoWeekday })) ?? undefined,
  };
}

/** A bare date is a whole local day in the location's zone. */
export function parseBound(value: string, zone: string, end: boolean): Date {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const day = DateTime.fromISO(value, { zone });
    return (end ? day.plus({ days: 1 }) : day).toJSDate();
  }
  return new Date(value);
}
