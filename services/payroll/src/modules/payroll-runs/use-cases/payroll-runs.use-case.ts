import { Inject, Injectable } from '@nestjs/common';
import {
  draftRunInputSchema,
  isUuid,
  paySettingsInputSchema,
  type EarningLineView,
  type EarningsView,
  type PaySettingsView,
  type PayrollRunView,
  type StaffTotalsView,
} from '@salon/contracts';
import {
  APP_CONFIG,
  ConflictError,
  databaseErrorOf,
  NotFoundError,
  parseInput,
  UserDirectory,
  ValidationFailedError,
  type AuthContext,
} from '@salon/nest-kit';
import { DateTime } from 'luxon';
import { DataSource, type EntityManager } from 'typeorm';
import { Access } from '../../../common/access.provider.js';
import { Clock } from '../../../common/clock.provider.js';
import type { PayrollConfig } from '../../../config.js';
import type { RuleVersion } from '../../pay-rules/domain/rule-versions.rules.js';
import { PayRuleRepository } from '../../pay-rules/persistence/pay-rule.repository.js';
import { SalesRepository } from '../../sales/persistence/sales.repository.js';
import { LocationRulesRepository } from '../../time-clock/persistence/location-rules.repository.js';
import { ShiftRepository } from '../../time-clock/persistence/shift.repository.js';
import { TimeClockUseCase } from '../../time-clock/use-cases/time-clock.use-case.js';
import {
  computeEarnings,
  type EarningLine,
  type PaidDay,
  type RefundAfterSale,
  type SaleLine,
  type TipShare,
} from '../domain/earnings.rules.js';
import { formatMinor } from '../domain/money.rules.js';
import { PayrollRunRepository, type LineRow, type RunRow } from '../persistence/payroll-run.repository.js';

const HOURS_KINDS = new Set(['regular_hours', 'overtime_hours', 'salary']);
const COMMISSION_KINDS = new Set(['service_commission', 'product_commission']);
type StoredLine = EarningLine & { staffId: string; ticketId: string | null; regularMinutes: number; overtimeMinutes: number };

/**
 * Payroll runs: drafted from approved time sheets and the period's sales, reviewed line by line,
 * finalised (the database keeps it immutable), exported as CSV.
 */
@Injectable()
export class PayrollRunsUseCase {
  constructor(
    private readonly dataSource: DataSource,
    private readonly runs: PayrollRunRepository,
    private readonly rules: PayRuleRepository,
    private readonly shifts: ShiftRepository,
    private readonly sales: SalesRepository,
    private readonly locations: LocationRulesRepository,
    private readonly timeClock: TimeClockUseCase,
    private readonly users: UserDirectory,
    private readonly access: Access,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: PayrollConfig,
  ) {}

  async settings(m?: EntityManager): Promise<PaySettingsView> {
    const [row] = await (m ?? this.dataSource.manager).query(
      `SELECT frequency, to_char(anchor_date, 'YYYY-MM-DD') AS "anchorDate", version FROM pay_settings`,
    );
    return row ?? { frequency: 'biweekly', anchorDate: '2026-01-05', version: 0 };
  }

  async saveSettings(input: unknown): Promise<PaySettingsView> {
    const s = parseInput(paySettingsInputSchema, input);
    await this.dataSource.query(
      `INSERT INTO pay_settings (id, frequency, anchor_date) VALUES (true, $1, $2)
       ON CONFLICT (id) DO UPDATE SET frequency = EXCLUDED.frequency, anchor_date = EXCLUDED.anchor_date, version = pay_settings.version + 1`,
      [s.frequency, s.anchorDate],
    );
    return this.settings();
  }

  async draft(auth: AuthContext, input: unknown): Promise<PayrollRunView> {
    const p = parseInput(draftRunInputSchema, input);
    if (p.periodEnd < p.periodStart) throw ValidationFailedError.field('periodEnd', 'must be on or after periodStart');
    if (DateTime.fromISO(p.periodEnd).diff(DateTime.fromISO(p.periodStart), 'days').days > 31)
      throw ValidationFailedError.field('periodEnd', 'must be within 31 days of periodStart');
    try {
      const id = await this.dataSource.transaction(async (m) => {
        const run = await this.runs.lockByPeriod(m, p.periodStart, p.periodEnd);
        if (run?.status === 'finalised')
          throw new ConflictError('This period is finalised; a refund or correction goes into the next run', null, 'periodStart');
        const { lines, unapproved } = await this.compute(p.periodStart, p.periodEnd, m);
        const runId = run?.id ?? (await this.runs.create(m, { start: p.periodStart, end: p.periodEnd, by: auth.userId }));
        await this.runs.clearDraft(m, runId, unapproved);
        await this.runs.insertLines(m, runId, lines);
        return runId;
      });
      return await this.get(id);
    } catch (error) {
      if (databaseErrorOf(error)?.code === '23P01')
        throw new ConflictError('This period overlaps another payroll run', null, 'periodStart');
      throw error;
    }
  }

  /** Every person with a pay rule: their earning lines for the period. */
  private async compute(start: string, end: string, m: EntityManager): Promise<{ lines: StoredLine[]; unapproved: string[] }> {
    const allRules = await this.rules.all(m);
    const byStaff = new Map<string, RuleVersion[]>();
    for (const r of allRules) byStaff.set(r.staffId, [...(byStaff.get(r.staffId) ?? []), r]);
    const zones = new Map((await this.locations.all(m)).map((l) => [l.locationId, l]));
    const zoneOf = (locationId: string | null) => (locationId && zones.get(locationId)?.timeZone) || this.config.DEFAULT_TIME_ZONE;
    const localDate = (at: Date, locationId: string | null) => DateTime.fromJSDate(new Date(at), { zone: zoneOf(locationId) }).toISODate()!;
    // A day either side catches every zone's local days; the local date filter below is exact.
    const from = DateTime.fromISO(start, { zone: 'utc' }).minus({ days: 1 }).toJSDate();
    const to = DateTime.fromISO(end, { zone: 'utc' }).plus({ days: 2 }).toJSDate();
    const inPeriod = (d: string) => d >= start && d <= end;

    const saleRows = (await this.sales.staffLines(from, to, m)).filter((s) => inPeriod(localDate(s.closedAt, s.locationId)));
    const tipRows = (await this.sales.tips(from, to, m)).filter((t) => inPeriod(localDate(t.closedAt, t.locationId)));
    const refundRows = (await this.sales.refunds(from, to, m)).filter((r) => inPeriod(localDate(r.refundedAt, r.locationId)));
    const ticketOfLine = new Map(saleRows.map((s) => [s.lineId, s.ticketId]));
    const refundedTickets = [...new Set(refundRows.map((r) => r.ticketId))];
    const paidEarlier = await this.runs.finalisedCommissionByTicket(refundedTickets, m);
    const tipsEarlier = await this.runs.finalisedCommissionByTicket(refundedTickets, m, ['tip']);

    const periodShifts = await this.shifts.list({ from: start, to: end }, m);
    const unapproved = new Set(periodShifts.filter((s) => s.status !== 'closed' || !s.approvedAt).map((s) => s.staffId));
    const staffIds = new Set([...byStaff.keys()]);

    const out: StoredLine[] = [];
    for (const staffId of [...staffIds].sort()) {
      const rules = byStaff.get(staffId)!;
      const days: (PaidDay & { regular: number; overtime: number })[] = [];
      for (const locationId of new Set(periodShifts.filter((s) => s.staffId === staffId).map((s) => s.locationId))) {
        const lr = await this.timeClock.rulesOf(locationId, m);
        const split = await this.timeClock.splitDays(staffId, locationId, start, end, lr, true, m);
        for (const d of split)
          days.push({ ...d, overtimeMultiplierPercent: lr.multiplierPercent, regular: d.regularMinutes, overtime: d.overtimeMinutes });
      }
      const sales: SaleLine[] = saleRows
        .filter((s) => s.staffId === staffId)
        .map((s) => ({
          lineId: s.lineId,
          ticketId: s.ticketId,
          date: localDate(s.closedAt, s.locationId),
          closedAt: new Date(s.closedAt).toISOString(),
          kind: s.kind as 'service' | 'product',
          serviceId: s.serviceId,
          category: s.category,
          name: s.name,
          quantity: s.quantity,
          netMinor: s.netMinor,
        }));
      const tips: TipShare[] = tipRows
        .filter((t) => t.staffId === staffId)
        .map((t) => ({
          ticketId: t.ticketId,
          date: localDate(t.closedAt, t.locationId),
          amountMinor: t.amountMinor,
          cardPaidMinor: t.cardPaidMinor,
          ticketTotalMinor: t.ticketTotalMinor,
          cardFeeBps: (t.locationId && zones.get(t.locationId)?.cardFeeBps) || 0,
        }));
      const base = { periodStart: start, periodEnd: end, rules, days, sales, tips, refunds: [] as RefundAfterSale[] };
      // Commission of this run per ticket: a refund in the same period takes back a share of it too.
      const now = computeEarnings(base);
      const thisRun = new Map<string, number>();
      const tipsThisRun = new Map<string, number>();
      for (const l of now) {
        const t = l.sourceId ? ticketOfLine.get(l.sourceId) : undefined;
        if (t && COMMISSION_KINDS.has(l.kind)) thisRun.set(t, (thisRun.get(t) ?? 0) + l.amountMinor);
        if (l.kind === 'tip' && l.sourceId) tipsThisRun.set(l.sourceId, (tipsThisRun.get(l.sourceId) ?? 0) + l.amountMinor);
      }
      const earlier = (rows: typeof paidEarlier, ticketId: string) =>
        rows.filter((p) => p.ticketId === ticketId && p.staffId === staffId).reduce((s, p) => s + p.amountMinor, 0);
      const refunds: RefundAfterSale[] = refundRows
        .map((r) => ({
          refundId: r.refundId,
          ticketId: r.ticketId,
          date: localDate(r.refundedAt, r.locationId),
          refundMinor: r.amountMinor,
          ticketTotalMinor: r.ticketTotalMinor ?? 0,
          commissionPaidMinor: (thisRun.get(r.ticketId) ?? 0) + earlier(paidEarlier, r.ticketId),
          tipPaidMinor: (tipsThisRun.get(r.ticketId) ?? 0) + earlier(tipsEarlier, r.ticketId),
        }))
        .filter((r) => r.commissionPaidMinor !== 0 || r.tipPaidMinor !== 0);
      const lines = computeEarnings({ ...base, refunds });
      const dayOf = new Map(days.map((d) => [d.date, d]));
      for (const l of lines) {
        const ticketId =
          l.sourceType === 'ticket_line'
            ? (ticketOfLine.get(l.sourceId!) ?? null)
            : l.sourceType === 'tip'
              ? l.sourceId
              : l.sourceType === 'refund'
                ? (refunds.find((r) => r.refundId === l.sourceId)?.ticketId ?? null)
                : null;
        const day = dayOf.get(l.occurredOn);
        out.push({
          ...l,
          staffId,
          ticketId,
          regularMinutes: l.kind === 'regular_hours' ? (day?.regular ?? 0) : 0,
          overtimeMinutes: l.kind === 'overtime_hours' ? (day?.overtime ?? 0) : 0,
        });
      }
    }
    return { lines: out, unapproved: [...unapproved].filter((s) => staffIds.has(s)).sort() };
  }

  async list(): Promise<PayrollRunView[]> {
    const runs = await this.runs.list();
    return Promise.all(runs.map((r) => this.view(r)));
  }

  async get(id: string): Promise<PayrollRunView> {
    if (!isUuid(id)) throw ValidationFailedError.field('runId', 'must be a payroll run id');
    const run = await this.runs.find(id);
    if (!run) throw new NotFoundError('No such payroll run');
    return this.view(run);
  }

  async lines(id: string, staffId: string | null): Promise<EarningLineView[]> {
    if (!isUuid(id)) throw ValidationFailedError.field('runId', 'must be a payroll run id');
    if (staffId !== null && !isUuid(staffId)) throw ValidationFailedError.field('staffId', 'must be a staff id');
    if (!(await this.runs.find(id))) throw new NotFoundError('No such payroll run');
    return (await this.runs.lines(id, staffId)).map(toLineView);
  }

  async finalise(auth: AuthContext, id: string): Promise<PayrollRunView> {
    if (!isUuid(id)) throw ValidationFailedError.field('runId', 'must be a payroll run id');
    await this.dataSource.transaction(async (m) => {
      const run = await this.runs.lock(m, id);
      if (!run) throw new NotFoundError('No such payroll run');
      if (run.status === 'finalised') return; // a retried click: already done
      if (run.unapprovedStaffIds.length) {
        throw new ConflictError(
          `${run.unapprovedStaffIds.length} time sheet(s) of this period are not approved; approve them and draft again`,
          run.unapprovedStaffIds,
          'unapprovedStaffIds',
        );
      }
      await this.runs.finalise(m, id, auth.userId, this.clock.now());
    });
    return this.get(id);
  }

  /** CSV a payroll provider imports: one row per person, or one per earning line. */
  async exportCsv(id: string, by: string | undefined): Promise<{ filename: string; csv: string }> {
    if (by !== undefined && by !== 'person' && by !== 'line') throw ValidationFailedError.field('by', 'must be person or line');
    const run = await this.get(id);
    const names = new Map(run.staff.map((s) => [s.staffId, s.staffName ?? '']));
    const rows: (string | number)[][] = [];
    if ((by ?? 'person') === 'person') {
      rows.push([
        'staff_id',
        'staff_name',
        'period_start',
        'period_end',
        'regular_hours',
        'overtime_hours',
        'hours_and_salary',
        'commission',
        'tips',
        'other',
        'total',
        'currency',
      ]);
      for (const s of run.staff) {
        rows.push([
          s.staffId,
          s.staffName ?? '',
          run.periodStart,
          run.periodEnd,
          (s.regularMinutes / 60).toFixed(2),
          (s.overtimeMinutes / 60).toFixed(2),
          formatMinor(s.hoursMinor),
          formatMinor(s.commissionMinor),
          formatMinor(s.tipsMinor),
          formatMinor(s.otherMinor),
          formatMinor(s.totalMinor),
          run.currency,
        ]);
      }
    } else {
      rows.push([
        'staff_id',
        'staff_name',
        'date',
        'kind',
        'description',
        'source_type',
        'source_id',
        'rule_version',
        'arithmetic',
        'amount',
        'currency',
      ]);
      for (const l of await this.runs.lines(id, null)) {
        rows.push([
          l.staffId,
          names.get(l.staffId) ?? '',
          l.occurredOn,
          l.kind,
          l.description,
          l.sourceType,
          l.sourceId ?? '',
          l.ruleVersion ?? '',
          l.arithmetic,
          formatMinor(l.amountMinor),
          run.currency,
        ]);
      }
    }
    return {
      filename: `payroll-${run.periodStart}-${run.periodEnd}-by-${by ?? 'person'}.csv`,
      csv: rows.map((r) => r.map(csvCell).join(',')).join('\r\n') + '\r\n',
    };
  }

  async earnings(auth: AuthContext, staffId: string, from: string | undefined, to: string | undefined): Promise<EarningsView> {
    if (!isUuid(staffId)) throw ValidationFailedError.field('id', 'must be a staff id');
    await this.access.ownOr(auth, staffId, 'manage_payroll', "Someone else's earnings");
    const today = DateTime.fromJSDate(this.clock.now(), { zone: this.config.DEFAULT_TIME_ZONE });
    const f = from ?? today.minus({ days: 30 }).toISODate()!;
    const t = to ?? today.toISODate()!;
    for (const [field, v] of [
      ['from', f],
      ['to', t],
    ] as const) {
      if (!/^\d{4}-\d{2}-\d{2}$/.test(v) || !DateTime.fromISO(v).isValid)
        throw ValidationFailedError.field(field, 'must be a date like 2026-11-23');
    }
    if (t < f) throw ValidationFailedError.field('to', 'must be on or after from');
    const lines = await this.runs.linesOfStaff(staffId, f, t);
    return { staffId, from: f, to: t, totalMinor: lines.reduce((s, l) => s + l.amountMinor, 0), lines: lines.map(toLineView) };
  }

  async history(auth: AuthContext, staffId: string | undefined) {
    if (staffId !== undefined && !isUuid(staffId)) throw ValidationFailedError.field('staffId', 'must be a staff id');
    const id = await this.access.ownOr(auth, staffId, 'manage_payroll', "Someone else's payroll history");
    return (await this.runs.historyOf(id)).map((r) => ({
      runId: r.id,
      periodStart: r.periodStart,
      periodEnd: r.periodEnd,
      finalisedAt: r.finalisedAt ? new Date(r.finalisedAt).toISOString() : null,
      totalMinor: r.totalMinor,
      currency: r.currency,
    }));
  }

  private async view(run: RunRow): Promise<PayrollRunView> {
    const lines = await this.runs.lines(run.id, null);
    const totals = new Map<string, StaffTotalsView>();
    for (const l of lines) {
      const t = totals.get(l.staffId) ?? {
        staffId: l.staffId,
        staffName: null,
        hoursMinor: 0,
        commissionMinor: 0,
        tipsMinor: 0,
        otherMinor: 0,
        totalMinor: 0,
        regularMinutes: 0,
        overtimeMinutes: 0,
      };
      if (HOURS_KINDS.has(l.kind)) t.hoursMinor += l.amountMinor;
      else if (COMMISSION_KINDS.has(l.kind)) t.commissionMinor += l.amountMinor;
      else if (l.kind === 'tip') t.tipsMinor += l.amountMinor;
      else t.otherMinor += l.amountMinor;
      t.totalMinor += l.amountMinor;
      t.regularMinutes += l.regularMinutes;
      t.overtimeMinutes += l.overtimeMinutes;
      totals.set(l.staffId, t);
    }
    const staff = [...totals.values()];
    await Promise.all(staff.map(async (s) => (s.staffName = await this.users.nameOf(s.staffId))));
    staff.sort((a, b) => (a.staffName ?? a.staffId).localeCompare(b.staffName ?? b.staffId));
    return {
      id: run.id,
      periodStart: run.periodStart,
      periodEnd: run.periodEnd,
      status: run.status,
      currency: run.currency,
      createdAt: new Date(run.createdAt).toISOString(),
      finalisedAt: run.finalisedAt ? new Date(run.finalisedAt).toISOString() : null,
      finalisedBy: run.finalisedBy,
      totalMinor: staff.reduce((s, x) => s + x.totalMinor, 0),
      staff,
      unapprovedStaffIds: run.unapprovedStaffIds,
    };
  }
}

function toLineView(l: LineRow): EarningLineView {
  return {
    id: l.id,
    staffId: l.staffId,
    kind: l.kind,
    sourceType: l.sourceType,
    sourceId: l.sourceId,
    occurredOn: l.occurredOn,
    description: l.description,
    ruleId: l.ruleId,
    ruleVersion: l.ruleVersion,
    arithmetic: l.arithmetic,
    amountMinor: l.amountMinor,
  };
}

/** RFC 4180 quoting; text a spreadsheet would run as a formula is prefixed with an apostrophe. */
function csvCell(v: string | number): string {
  let s = String(v);
  if (typeof v === 'string' && /^[=+@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}
