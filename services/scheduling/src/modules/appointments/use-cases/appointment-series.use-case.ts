import { Injectable } from '@nestjs/common';
import { ConflictError, NotFoundError, parseInput, ReferenceCheck, ValidationFailedError, type AuthContext } from '@salon/nest-kit';
import { DataSource } from 'typeorm';
import { z } from 'zod';
import { dateOrInstantSchema, intSchema, textSchema } from '@salon/contracts';
import type { OccurrenceView, TakenTime } from '@salon/contracts';
import { actorOf, actorUuid, isUuid } from '../../../common/ids.js';
import { BookingConflictError, isBookingRace, refusedTime, Taken, takenMessage } from '../../allocations/domain/booking-conflict.js';
import type { SeriesOccurrence } from '../../availability/domain/availability-types.js';
import { VisitAvailabilityUseCase, type VisitCalendars } from '../../availability/use-cases/visit-availability.use-case.js';
import { SchedulesUseCase } from '../../schedules/use-cases/schedules.use-case.js';
import { followingOccurrences, planSeries, seriesDates } from '../domain/series-plan.js';
import { AppointmentSeriesRepository, type SeriesView } from '../persistence/appointment-series.repository.js';
import type { AppointmentView } from '../persistence/appointment.repository.js';
import { AppointmentsUseCase } from './appointments.use-case.js';
import { bookingReferences, visitFields, visitParts } from './booking-input.dto.js';
import { BookingWriter } from './booking-writer.use-case.js';

const seriesSchema = z
  .object({
    ...visitFields,
    everyWeeks: intSchema({ min: 1, max: 52 }),
    /** Local date 'YYYY-MM-DD' (inclusive) or a date-time; or `count`. */
    until: dateOrInstantSchema().optional(),
    count: intSchema({ min: 1 }).optional(),
    skipConflicts: z.boolean().default(false),
  })
  .strict();

const cancelSchema = z.object({ fromAppointmentId: z.uuid(), reason: textSchema(500).nullish() }).strict();

export type { OccurrenceView };

/**
 * Recurring series: every occurrence is judged by the engine and shown before anything is saved
 * (preview); create books them all in one transaction through the same BookingWriter as single
 * bookings — all or nothing, or the bookable ones with `skipConflicts`.
 */
@Injectable()
export class AppointmentSeriesUseCase {
  constructor(
    private readonly dataSource: DataSource,
    private readonly visits: VisitAvailabilityUseCase,
    private readonly schedules: SchedulesUseCase,
    private readonly writer: BookingWriter,
    private readonly series: AppointmentSeriesRepository,
    private readonly appointments: AppointmentsUseCase,
    private readonly references: ReferenceCheck,
  ) {}

  async preview(input: unknown, now = new Date()): Promise<{ timeZone: string; occurrences: OccurrenceView[] }> {
    const j = await this.judge(input, now);
    return { timeZone: j.cal.policy.timeZone, occurrences: j.occurrences.map((o) => this.occurrenceView(o, j.cal)) };
  }

  async create(
    auth: AuthContext,
    input: unknown,
    now = new Date(),
  ): Promise<{ series: SeriesView; appointments: AppointmentView[]; skipped: TakenTime[] }> {
    const j = await this.judge(input, now);
    const { s, cal } = j;
    await this.references.require(bookingReferences(s));
    const zone = cal.policy.timeZone;
    const plan = planSeries(
      j.occurrences.map((o) => ({ start: o.start, ok: o.ok, value: o })),
      s.skipConflicts,
    );
    if (!plan.ok) {
      const conflicts = plan.conflicts.map((c) => refused(c.start, c.value.ok ? 'Not available' : (c.value.reasons[0] ?? 'Not available')));
      const message = plan.conflicts.length
        ? `${conflicts.length} of ${j.occurrences.length} dates cannot be booked`
        : 'No date of the series can be booked';
      throw new BookingConflictError(message, conflicts);
    }
    const skipped = plan.skipped.map((c) => refused(c.start, c.value.ok ? 'Not available' : (c.value.reasons[0] ?? 'Not available')));
    let current: Date | null = null;
    try {
      const { seriesId, ids } = await this.dataSource.transaction(async (m) => {
        const seriesId = await this.series.insert(m, {
          locationId: s.locationId,
          clientId: s.clientId,
          everyWeeks: s.everyWeeks,
          until: j.rule.until ?? null,
          count: s.count ?? null,
          firstStartsAt: j.rule.start,
          timeZone: zone,
          services: j.parts,
          createdBy: actorUuid(auth.userId),
        });
        const ids: string[] = [];
        for (const o of plan.create) {
          if (!o.value.ok) continue;
          current = o.start;
          const write = () =>
            this.writer.write(m, {
              locationId: s.locationId,
              clientId: s.clientId,
              slot: (o.value as Extract<SeriesOccurrence, { ok: true }>).slot,
              cal,
              notes: s.notes ?? null,
              source: s.source,
              actor: actorOf(auth),
              bookedBy: actorUuid(auth.userId),
              seriesId,
            });
          if (!s.skipConflicts) {
            ids.push(await write());
            continue;
          }
          // Taken since the preview: skip this date alone, keep the rest of the transaction.
          await m.query(`SAVEPOINT occurrence`);
          try {
            ids.push(await write());
            await m.query(`RELEASE SAVEPOINT occurrence`);
          } catch (error) {
            if (!isBookingRace(error)) throw error;
            await m.query(`ROLLBACK TO SAVEPOINT occurrence`);
            skipped.push(refused(o.start, error instanceof Taken ? takenMessage(error.resource, zone) : 'That time was just taken'));
          }
        }
        if (ids.length === 0) throw new BookingConflictError('No date of the series can be booked', skipped);
        return { seriesId, ids };
      });
      skipped.sort((a, b) => a.startsAt.localeCompare(b.startsAt));
      return {
        series: (await this.series.find(seriesId))!,
        appointments: await Promise.all(ids.map((id) => this.appointments.get(id))),
        skipped,
      };
    } catch (error) {
      if (!isBookingRace(error) || !current) throw error;
      const at = current as Date;
      const reason = error instanceof Taken ? takenMessage(error.resource, zone) : 'That time was just taken';
      throw new BookingConflictError('A date of the series was just taken; nothing was booked', [refused(at, reason)]);
    }
  }

  async get(id: string): Promise<SeriesView & { appointments: AppointmentView[] }> {
    const s = isUuid(id) ? await this.series.find(id) : null;
    if (!s) throw new NotFoundError(`Series ${id} not found`);
    const occurrences = await this.series.occurrences(id);
    return { ...s, appointments: await Promise.all(occurrences.map((o) => this.appointments.get(o.id))) };
  }

  /** Cancels the chosen occurrence and every later one still to come (each with its own cancelled event). */
  async cancelFollowing(auth: AuthContext, id: string, input: unknown, now = new Date()): Promise<{ cancelled: AppointmentView[] }> {
    const c = parseInput(cancelSchema, input);
    const s = await this.get(id);
    const pivot = s.appointments.find((a) => a.id === c.fromAppointmentId);
    if (!pivot) throw ValidationFailedError.field('fromAppointmentId', 'is not an appointment of this series');
    const targets = followingOccurrences(s.appointments, pivot.startsAt);
    if (targets.length === 0) throw new ConflictError('No appointment of this series from that date on is still to come');
    const cancelled: AppointmentView[] = [];
    for (const a of targets)
      cancelled.push(await this.appointments.update(auth, a.id, { status: 'cancelled', cancelReason: c.reason ?? null }, now));
    await this.series.markCancelledFrom(id, new Date(pivot.startsAt));
    return { cancelled };
  }

  private async judge(input: unknown, now: Date) {
    const s = parseInput(seriesSchema, input);
    const parts = visitParts(s);
    const services = await this.visits.services(
      parts.map((p) => p.serviceId),
      s.locationId,
    );
    const notOnline = services.find((x) => !x.onlineBookable);
    if (s.source === 'online' && notOnline) throw new ConflictError(`${notOnline.name} cannot be booked online`);
    const { timeZone } = await this.schedules.policy(s.locationId);
    const dates = seriesDates({ start: new Date(s.startsAt), everyWeeks: s.everyWeeks, until: s.until, count: s.count, timeZone });
    if (!dates.ok) throw ValidationFailedError.field(dates.field, dates.message);
    const { occurrences, cal } = await this.visits.series({
      services,
      staffIds: parts.map((p) => p.staffId),
      locationId: s.locationId,
      now,
      relax: s.source === 'staff',
      rule: dates.rule,
      last: dates.dates[dates.dates.length - 1]!,
    });
    return { s, parts, rule: dates.rule, occurrences, cal };
  }

  private occurrenceView(o: SeriesOccurrence, cal: VisitCalendars): OccurrenceView {
    if (o.ok) {
      const v = this.visits.view(o.slot, cal);
      return {
        startsAt: v.startsAt,
        endsAt: v.endsAt,
        ok: true,
        staffId: v.staffId,
        staffName: v.staffName,
        reason: null,
        reasons: [],
        alternatives: [],
      };
    }
    return {
      startsAt: o.start.toISOString(),
      endsAt: null,
      ok: false,
      staffId: null,
      staffName: null,
      reason: o.reasons[0] ?? 'Not available',
      reasons: o.reasons,
      alternatives: o.alternatives.map((a) => this.visits.view(a, cal)),
    };
  }
}

const refused = refusedTime;
