import { Inject, Injectable } from '@nestjs/common';
import type { VisitSlotView } from '@salon/contracts';
import { APP_CONFIG, parseInput, ValidationFailedError } from '@salon/nest-kit';
import { z } from 'zod';
import { dateOrInstantSchema, lineSchema } from '@salon/contracts';
import type { SchedulingConfig } from '../../../config.js';
import type { ServiceView } from '../../catalogue/persistence/catalogue.repository.js';
import { SchedulesUseCase } from '../../schedules/use-cases/schedules.use-case.js';
import { checkBooking, checkSeries, findSlots } from '../domain/availability-engine.js';
import type { BookingCheck, RecurrenceRule, ServiceDef, SeriesOccurrence, Slot, StaffChoice } from '../domain/availability-types.js';
import { AvailabilityUseCase, parseBound, type Calendars } from './availability.use-case.js';

const DAY = 86_400_000;

/** The calendars of a visit: one or more services in sequence (possibly different staff). */
export interface VisitCalendars extends Calendars {
  services: ServiceView[];
  defs: ServiceDef[];
}

export type { VisitSlotView };

export interface VisitRequest {
  services: ServiceView[];
  /** One per service; null = any qualified staff member. */
  staffIds: (string | null)[];
  locationId: string;
  now: Date;
  /** Staff-calendar bookings may skip the grid and notice window. */
  relax: boolean;
  ignoreAppointmentId?: string;
  /** Only these people may be offered or picked for "anyone" (online booking's design). */
  onlyStaff?: readonly string[] | null;
  /** A member's priority booking window: days beyond the location's maximum advance (online booking). */
  extraAdvanceDays?: number;
}

const csv = (field: string) =>
  lineSchema(400)
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .pipe(
      z
        .array(z.uuid({ message: `${field}: each must be a uuid` }))
        .min(1)
        .max(5),
    );

const visitQuery = z.object({
  locationId: z.uuid(),
  serviceIds: csv('serviceIds'),
  /** Positional, one per service ('' or 'any' for any); or one staffId for the whole visit. */
  staffIds: lineSchema(400).optional(),
  staffId: z.uuid().optional(),
  from: dateOrInstantSchema(),
  to: dateOrInstantSchema(),
});

/**
 * Multi-service visits and recurring series on top of the same calendars and the same pure engine
 * as single bookings: the calendars of each service are loaded by AvailabilityUseCase.load and
 * merged (staff and resources shared between services appear once, so their holds count once).
 */
@Injectable()
export class VisitAvailabilityUseCase {
  constructor(
    private readonly availability: AvailabilityUseCase,
    private readonly schedules: SchedulesUseCase,
    @Inject(APP_CONFIG) private readonly config: SchedulingConfig,
  ) {}

  /** GET /api/availability?serviceIds=a,b[&staffIds=x,y|&staffId=x] → slots of the whole visit. */
  async slots(
    query: unknown,
    now = new Date(),
    onlyStaff?: readonly string[] | null,
    extraAdvanceDays = 0,
  ): Promise<{ timeZone: string; slots: VisitSlotView[] }> {
    const q = parseInput(visitQuery, query);
    const staffIds = q.serviceIds.map((_, i) => {
      const positional = q.staffIds?.split(',')[i]?.trim();
      if (positional && positional !== 'any') {
        if (!z.uuid().safeParse(positional).success) throw ValidationFailedError.field('staffIds', 'each must be a uuid or "any"');
        return positional;
      }
      return q.staffId ?? null;
    });
    const services = await this.services(q.serviceIds, q.locationId);
    const { timeZone } = await this.schedules.policy(q.locationId);
    const from = parseBound(q.from, timeZone, false);
    const to = parseBound(q.to, timeZone, true);
    if (!(from < to)) throw ValidationFailedError.field('to', 'must be after from');
    if (to.getTime() - from.getTime() > this.config.MAX_AVAILABILITY_DAYS * DAY)
      throw ValidationFailedError.field('to', `the window is at most ${this.config.MAX_AVAILABILITY_DAYS} days`);
    const { slots, cal } = await this.find(
      { services, staffIds, locationId: q.locationId, now, relax: false, onlyStaff, extraAdvanceDays },
      from,
      to,
    );
    return { timeZone, slots: slots.map((s) => this.view(s, cal)) };
  }

  async services(serviceIds: string[], locationId: string): Promise<ServiceView[]> {
    return Promise.all(serviceIds.map((id) => this.availability.bookableService(id, locationId)));
  }

  async load(services: ServiceView[], locationId: string, from: Date, to: Date): Promise<VisitCalendars> {
    const each = await Promise.all(services.map((s) => this.availability.load(s, locationId, from, to)));
    const first = each[0]!;
    const staff = new Map(each.flatMap((c) => c.staff).map((s) => [s.staffId, s]));
    const resources = new Map(each.flatMap((c) => c.resources).map((r) => [r.resourceId, r]));
    return {
      ...first,
      staff: [...staff.values()],
      resources: [...resources.values()],
      fairness: Object.assign({}, ...each.map((c) => c.fairness)),
      services,
      defs: each.map((c) => c.def),
    };
  }

  /** Validates one visit starting at `start` (the engine's reasons and alternatives when refused). */
  async check(req: VisitRequest & { start: Date }): Promise<{ check: BookingCheck; cal: VisitCalendars }> {
    const from = new Date(req.start.getTime() - DAY);
    const to = new Date(req.start.getTime() + 2 * DAY);
    const cal = await this.load(req.services, req.locationId, from, to);
    return { check: this.checkLoaded(req, cal), cal };
  }

  /** The engine's check of one visit on calendars already loaded by `check` (no query). */
  checkLoaded(req: VisitRequest & { start: Date }, cal: VisitCalendars): BookingCheck {
    const from = new Date(req.start.getTime() - DAY);
    const to = new Date(req.start.getTime() + 2 * DAY);
    return checkBooking({ ...this.request(req, cal), from, to, start: req.start });
  }

  /** Every occurrence of a recurring visit, each checked on its own, before anything is saved. */
  async series(
    req: VisitRequest & { rule: RecurrenceRule; last: Date },
  ): Promise<{ occurrences: SeriesOccurrence[]; cal: VisitCalendars }> {
    const cal = await this.load(
      req.services,
      req.locationId,
      new Date(req.rule.start.getTime() - DAY),
      new Date(req.last.getTime() + 2 * DAY),
    );
    return { occurrences: checkSeries({ ...this.request(req, cal), rule: req.rule }), cal };
  }

  /** The visits the engine offers in [from, to). */
  async find(req: VisitRequest, from: Date, to: Date): Promise<{ slots: Slot[]; cal: VisitCalendars }> {
    const cal = await this.load(req.services, req.locationId, from, to);
    const { chosen: _c, relax: _r, ...request } = this.request(req, cal);
    return { slots: findSlots({ ...request, from, to }), cal };
  }

  private request(req: VisitRequest, cal: VisitCalendars) {
    const staffChoice: StaffChoice[] = req.staffIds.map((id) => id ?? 'any');
    const only = req.onlyStaff;
    return {
      now: req.now,
      services: only ? cal.defs.map((d) => ({ ...d, staffIds: d.staffIds.filter((id) => only.includes(id)) })) : cal.defs,
      staffChoice,
      staff: only ? cal.staff.filter((s) => only.includes(s.staffId)) : cal.staff,
      resources: cal.resources,
      policy: req.extraAdvanceDays ? { ...cal.policy, maxAdvanceDays: cal.policy.maxAdvanceDays + req.extraAdvanceDays } : cal.policy,
      fairness: cal.fairness,
      chosen: req.staffIds,
      relax: req.relax ? { grid: true, notice: true } : undefined,
      ignoreBusyIds: req.ignoreAppointmentId ? [req.ignoreAppointmentId] : undefined,
    };
  }

  view(slot: Slot, cal: VisitCalendars): VisitSlotView {
    const staffName = (id: string) => cal.staff.find((s) => s.staffId === id)?.name ?? 'The staff member';
    return {
      ...this.availability.view(slot, cal),
      resources: slot.segments.flatMap((seg) =>
        seg.resourceIds.map((id) => {
          const r = cal.resources.find((x) => x.resourceId === id);
          return { id, kind: r?.kind ?? 'room', name: r?.name ?? 'Resource' };
        }),
      ),
      segments: slot.segments.map((seg) => ({
        serviceId: seg.serviceId,
        serviceName: cal.services.find((s) => s.id === seg.serviceId)?.name ?? '',
        staffId: seg.staffId,
        staffName: staffName(seg.staffId),
        startsAt: seg.start.toISOString(),
        endsAt: seg.end.toISOString(),
      })),
    };
  }
}
