import { Inject, Injectable } from '@nestjs/common';
import {
  approveTimeSheetInputSchema,
  clockInputSchema,
  editShiftInputSchema,
  isUuid,
  overtimeRuleInputSchema,
  setPinInputSchema,
  type OvertimeRuleView,
  type ShiftView,
  type TimeSheetView,
} from '@salon/contracts';
import {
  APP_CONFIG,
  ConflictError,
  databaseErrorOf,
  ForbiddenError,
  NotFoundError,
  parseInput,
  TooManyRequestsError,
  ValidationFailedError,
  type AuthContext,
} from '@salon/nest-kit';
import argon2 from 'argon2';
import { DateTime } from 'luxon';
import { DataSource, type EntityManager } from 'typeorm';
import { Access } from '../../../common/access.provider.js';
import { Clock } from '../../../common/clock.provider.js';
import type { PayrollConfig } from '../../../config.js';
import { splitOvertime, weekOf } from '../domain/overtime.rules.js';
import {
  breakMinutes,
  clockActionProblem,
  editProblem,
  workDate,
  workedMinutes,
  type ClockAction,
  type ClockState,
} from '../domain/shift.rules.js';
import { LocationRulesRepository, type LocationRulesRow } from '../persistence/location-rules.repository.js';
import { ShiftRepository, type ShiftEditRow, type ShiftRow } from '../persistence/shift.repository.js';

const PIN_ATTEMPTS = 5;
const PIN_LOCK_MINUTES = 15;

const DEFAULT_RULES = (locationId: string): LocationRulesRow => ({
  locationId,
  timeZone: null,
  weeklyLimitMinutes: 2400,
  dailyLimitMinutes: null,
  multiplierPercent: 150,
  forgottenAfterHours: 14,
  cardFeeBps: 0,
});

/**
 * The time clock: punches from a person's own session or from a shared front-desk screen with
 * their PIN, corrections by a manager with a reason (audit trail), time sheets with overtime
 * computed by the location's rule, and approval of a period before payroll.
 */
@Injectable()
export class TimeClockUseCase {
  constructor(
    private readonly dataSource: DataSource,
    private readonly shifts: ShiftRepository,
    private readonly locations: LocationRulesRepository,
    private readonly access: Access,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: PayrollConfig,
  ) {}

  async rulesOf(locationId: string, m?: EntityManager): Promise<LocationRulesRow & { timeZone: string }> {
    const row = (await this.locations.find(locationId, m)) ?? DEFAULT_RULES(locationId);
    return { ...row, timeZone: row.timeZone ?? this.config.DEFAULT_TIME_ZONE };
  }

  async rules(locationId: string): Promise<OvertimeRuleView> {
    if (!isUuid(locationId)) throw ValidationFailedError.field('locationId', 'must be a location id');
    const { locationId: id, ...r } = await this.rulesOf(locationId);
    return { locationId: id, ...r };
  }

  async saveRules(locationId: string, input: unknown): Promise<OvertimeRuleView> {
    if (!isUuid(locationId)) throw ValidationFailedError.field('locationId', 'must be a location id');
    const r = parseInput(overtimeRuleInputSchema, input);
    await this.dataSource.transaction((m) => this.locations.saveRules(m, { locationId, ...r }));
    return this.rules(locationId);
  }

  async setPin(auth: AuthContext, input: unknown): Promise<{ ok: true }> {
    const s = parseInput(setPinInputSchema, input);
    const staffId = await this.access.ownOr(auth, s.staffId, 'manage_time_clock', "Setting someone else's PIN");
    const hash = await argon2.hash(s.pin, { type: argon2.argon2id });
    await this.dataSource.transaction((m) => this.shifts.savePin(m, staffId, hash));
    return { ok: true };
  }

  /** Whose punch this is: the caller's own, or with a PIN the person it belongs to (a shared screen). */
  private async puncher(m: EntityManager, auth: AuthContext, staffId: string | undefined, pin: string | undefined) {
    if (pin === undefined) {
      if (staffId !== undefined && staffId !== auth.userId)
        throw ValidationFailedError.field('pin', 'is needed to clock someone else in or out');
      return { staffId: auth.userId, source: 'self' as const };
    }
    if (!staffId) throw ValidationFailedError.field('staffId', 'is needed with a PIN');
    const now = this.clock.now();
    const stored = await this.shifts.pinOf(m, staffId);
    if (stored?.lockedUntil && stored.lockedUntil > now) {
      throw new TooManyRequestsError(
        'Too many wrong PINs; try again later or ask a manager',
        Math.ceil((stored.lockedUntil.getTime() - now.getTime()) / 1000),
      );
    }
    const ok = stored ? await argon2.verify(stored.pinHash, pin) : false;
    if (stored) {
      const failed = ok ? 0 : stored.failedAttempts + 1;
      await this.shifts.pinAttempt(m, staffId, ok, failed >= PIN_ATTEMPTS ? new Date(now.getTime() + PIN_LOCK_MINUTES * 60_000) : null);
    }
    // Returned, not thrown, so the failed attempt above commits. Same answer for "no PIN set" and
    // "wrong PIN": a screen cannot learn who has one.
    if (!ok) return null;
    return { staffId, source: 'kiosk' as const };
  }

  async punch(auth: AuthContext, action: ClockAction, input: unknown): Promise<ShiftView> {
    const s = parseInput(clockInputSchema, input);
    const rules = await this.rulesOf(s.locationId);
    try {
      // A wrong PIN's failed attempt must count even though the punch is refused: its own transaction.
      const who = await this.dataSource.transaction((m) => this.puncher(m, auth, s.staffId, s.pin));
      if (!who) throw ValidationFailedError.field('pin', 'is not right for this person');
      const id = await this.dataSource.transaction(async (m) => {
        const now = this.clock.now();
        await this.shifts.flagForgotten(m, now, who.staffId);
        const open = await this.shifts.lockOpen(m, who.staffId);
        const state: ClockState = !open ? 'out' : open.breaks.some((b) => !b.endedAt) ? 'on_break' : 'in';
        const problem = clockActionProblem(state, action);
        if (problem) throw new ConflictError(`This person ${problem}`, open ? await this.view(open) : null, 'staffId');
        if (action === 'clock_in') {
          return this.shifts.insert(m, {
            staffId: who.staffId,
            locationId: s.locationId,
            clockInAt: now,
            workDate: workDate(now, rules.timeZone),
            source: who.source,
          });
        }
        if (open!.locationId !== s.locationId && action !== 'clock_out')
          throw ValidationFailedError.field('locationId', 'is not where this shift was clocked in');
        if (action === 'clock_out') await this.shifts.close(m, open!.id, now);
        else if (action === 'break_start') await this.shifts.startBreak(m, open!.id, now);
        else await this.shifts.endBreak(m, open!.id, now);
        return open!.id;
      });
      return await this.view((await this.shifts.find(id))!);
    } catch (error) {
      // Two screens clocking one person in at the same instant: the index let one through.
      if (databaseErrorOf(error)?.code === '23505')
        throw new ConflictError('This person is already clocked in; clock out first', null, 'staffId');
      throw error;
    }
  }

  /** The caller's (or, with a PIN context, anyone's) current open shift, or null when clocked out. */
  async current(auth: AuthContext, staffId: string | null): Promise<ShiftView | null> {
    const id = await this.access.ownOr(auth, staffId, 'manage_time_clock', "Someone else's time clock");
    const rows = await this.dataSource.transaction(async (m) => {
      await this.shifts.flagForgotten(m, this.clock.now(), id);
      return this.shifts.lockOpen(m, id);
    });
    return rows ? this.view(rows) : null;
  }

  async timeSheet(auth: AuthContext, q: { staffId?: string | null; locationId: string; from: string; to: string }): Promise<TimeSheetView> {
    if (!isUuid(q.locationId)) throw ValidationFailedError.field('locationId', 'must be a location id');
    const range = this.range(q.from, q.to);
    if (q.staffId != null && !isUuid(q.staffId)) throw ValidationFailedError.field('staffId', 'must be a staff id');
    const staffId = await this.access.ownOr(auth, q.staffId, 'manage_time_clock', "Someone else's time sheet");
    await this.dataSource.transaction((m) => this.shifts.flagForgotten(m, this.clock.now(), staffId));
    const rules = await this.rulesOf(q.locationId);
    const shifts = await this.shifts.list({ staffId, locationId: q.locationId, from: range.from, to: range.to });
    const days = await this.splitDays(staffId, q.locationId, range.from, range.to, rules, false);
    const approval = await this.shifts.lastApproval(staffId, q.locationId, range.from, range.to);
    const views = await this.views(shifts);
    return {
      staffId,
      locationId: q.locationId,
      from: range.from,
      to: range.to,
      shifts: views,
      days: days.map((d) => ({
        date: d.date,
        workedMinutes: d.workedMinutes,
        regularMinutes: d.regularMinutes,
        overtimeMinutes: d.overtimeMinutes,
      })),
      workedMinutes: days.reduce((s, d) => s + d.workedMinutes, 0),
      regularMinutes: days.reduce((s, d) => s + d.regularMinutes, 0),
      overtimeMinutes: days.reduce((s, d) => s + d.overtimeMinutes, 0),
      unresolved: shifts.filter((x) => x.status !== 'closed').length,
      approvedAt: approval && views.every((v) => v.status !== 'closed' || v.approved) ? approval.approvedAt.toISOString() : null,
      approvedBy: approval && views.every((v) => v.status !== 'closed' || v.approved) ? approval.approvedBy : null,
    };
  }

  /**
   * Each day's worked minutes of closed shifts split into regular and overtime. The weekly rule
   * needs the whole work week, so the days of the week before `from` are read and counted too.
   */
  async splitDays(
    staffId: string,
    locationId: string,
    from: string,
    to: string,
    rules: LocationRulesRow,
    approvedOnly: boolean,
    m?: EntityManager,
  ) {
    const shifts = await this.shifts.list({ staffId, locationId, from: weekOf(from), to, approvedOnly }, m);
    const byDay = new Map<string, { minutes: number; ids: string[] }>();
    for (const s of shifts) {
      if (s.status !== 'closed') continue;
      const d = byDay.get(s.workDate) ?? { minutes: 0, ids: [] };
      d.minutes += workedMinutes(s, s.clockOutAt!);
      d.ids.push(s.id);
      byDay.set(s.workDate, d);
    }
    const split = splitOvertime(
      [...byDay].map(([date, d]) => ({ date, workedMinutes: d.minutes })),
      { weeklyLimitMinutes: rules.weeklyLimitMinutes, dailyLimitMinutes: rules.dailyLimitMinutes },
    );
    return split.filter((d) => d.date >= from && d.date <= to).map((d) => ({ ...d, shiftIds: byDay.get(d.date)!.ids }));
  }

  async edit(auth: AuthContext, shiftId: string, input: unknown): Promise<ShiftView> {
    if (!isUuid(shiftId)) throw ValidationFailedError.field('shiftId', 'must be a shift id');
    const e = parseInput(editShiftInputSchema, input);
    const after = {
      clockInAt: new Date(e.clockInAt),
      clockOutAt: e.clockOutAt ? new Date(e.clockOutAt) : null,
      breakMinutes: e.breakMinutes,
    };
    const problem = editProblem(after);
    if (problem) throw ValidationFailedError.field(problem.field, problem.message);
    if (after.clockOutAt && after.clockOutAt > this.clock.now())
      throw ValidationFailedError.field('clockOutAt', 'must not be in the future');
    await this.dataSource.transaction(async (m) => {
      const shift = await this.shifts.lock(m, shiftId);
      if (!shift) throw new NotFoundError('No such shift');
      if (shift.staffId === auth.userId && auth.role !== 'admin') throw new ForbiddenError('A manager corrects your shifts, not you');
      if (shift.version !== e.version)
        throw new ConflictError('This shift was changed by someone else; look again', await this.view(shift), 'version');
      if (shift.status === 'open' && !after.clockOutAt)
        throw ValidationFailedError.field('clockOutAt', 'is needed to correct an open shift');
      const rules = await this.rulesOf(shift.locationId, m);
      await this.shifts.correct(m, shiftId, { ...after, workDate: workDate(after.clockInAt, rules.timeZone) });
      await this.shifts.insertEdit(m, {
        shiftId,
        editedBy: auth.userId,
        editedAt: this.clock.now(),
        reason: e.reason,
        before: {
          clockInAt: shift.clockInAt.toISOString(),
          clockOutAt: shift.clockOutAt?.toISOString() ?? null,
          breakMinutes: breakMinutes(shift, shift.clockOutAt ?? this.clock.now()),
        },
        after: {
          clockInAt: after.clockInAt.toISOString(),
          clockOutAt: after.clockOutAt?.toISOString() ?? null,
          breakMinutes: after.breakMinutes,
        },
      });
    });
    return this.view((await this.shifts.find(shiftId))!);
  }

  async approve(auth: AuthContext, input: unknown): Promise<TimeSheetView> {
    const a = parseInput(approveTimeSheetInputSchema, input);
    const range = this.range(a.from, a.to);
    await this.dataSource.transaction(async (m) => {
      await this.shifts.flagForgotten(m, this.clock.now(), a.staffId);
      const shifts = await this.shifts.list({ staffId: a.staffId, locationId: a.locationId, from: range.from, to: range.to }, m);
      const unresolved = shifts.filter((s) => s.status !== 'closed');
      if (unresolved.length) {
        throw new ConflictError(
          `${unresolved.length} shift(s) are still open or forgotten; correct them first`,
          await this.views(unresolved),
          'shifts',
        );
      }
      await this.shifts.approve(m, {
        staffId: a.staffId,
        locationId: a.locationId,
        from: range.from,
        to: range.to,
        by: auth.userId,
        at: this.clock.now(),
      });
    });
    return this.timeSheet(auth, { staffId: a.staffId, locationId: a.locationId, from: range.from, to: range.to });
  }

  private range(from: string, to: string) {
    const f = DateTime.fromISO(from ?? '', { zone: 'utc' });
    const t = DateTime.fromISO(to ?? '', { zone: 'utc' });
    if (!f.isValid || !/^\d{4}-\d{2}-\d{2}$/.test(from)) throw ValidationFailedError.field('from', 'must be a date like 2026-11-23');
    if (!t.isValid || !/^\d{4}-\d{2}-\d{2}$/.test(to)) throw ValidationFailedError.field('to', 'must be a date like 2026-11-23');
    if (t < f) throw ValidationFailedError.field('to', 'must be on or after from');
    if (t.diff(f, 'days').days > 92) throw ValidationFailedError.field('to', 'must be within 92 days of from');
    return { from, to };
  }

  private async views(shifts: ShiftRow[]): Promise<ShiftView[]> {
    const edits = await this.shifts.editsOf(shifts.map((s) => s.id));
    return shifts.map((s) =>
      this.toView(
        s,
        edits.filter((e) => e.shiftId === s.id),
      ),
    );
  }

  private async view(shift: ShiftRow): Promise<ShiftView> {
    return (await this.views([shift]))[0]!;
  }

  private toView(s: ShiftRow, edits: ShiftEditRow[]): ShiftView {
    const now = this.clock.now();
    return {
      id: s.id,
      staffId: s.staffId,
      locationId: s.locationId,
      status: s.status,
      clockInAt: s.clockInAt.toISOString(),
      clockOutAt: s.clockOutAt?.toISOString() ?? null,
      workDate: s.workDate,
      breaks: s.breaks.map((b) => ({ startedAt: b.startedAt.toISOString(), endedAt: b.endedAt?.toISOString() ?? null })),
      onBreak: s.status === 'open' && s.breaks.some((b) => !b.endedAt),
      // A forgotten shift counts nothing until a manager sets its clock-out.
      workedMinutes: s.status === 'forgotten' ? 0 : workedMinutes(s, now),
      breakMinutes: breakMinutes(s, s.clockOutAt ?? now),
      source: s.source,
      approved: s.approvedAt !== null,
      edits: edits.map((e) => ({
        editedBy: e.editedBy,
        editedAt: new Date(e.editedAt).toISOString(),
        reason: e.reason,
        before: e.before,
        after: e.after,
      })),
      version: s.version,
    };
  }
}
