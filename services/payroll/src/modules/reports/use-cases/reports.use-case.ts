import { Inject, Injectable } from '@nestjs/common';
import { REPORT_SECTIONS, reportQuerySchema, type DashboardFigures, type ReportSection, type ReportView } from '@salon/contracts';
import { APP_CONFIG, parseInput, toCsv, UserDirectory, ValidationFailedError } from '@salon/nest-kit';
import { DateTime } from 'luxon';
import { Clock } from '../../../common/clock.provider.js';
import type { PayrollConfig } from '../../../config.js';
import { automationResults } from '../domain/automations.rules.js';
import { giftCardLiability } from '../domain/gift-cards.rules.js';
import { membershipsSummary } from '../domain/memberships.rules.js';
import { appointmentsSummary, clientsSummary, salesDays, salesTotals, sectionRows, staffPerformance } from '../domain/reports.rules.js';
import { workingMinutesByStaff } from '../domain/utilisation.rules.js';
import { ReportsRepository, type ReportRange } from '../persistence/reports.repository.js';

/** Reports and the dashboard's figures, from payroll's projections of other services' events. */
@Injectable()
export class ReportsUseCase {
  constructor(
    private readonly reports: ReportsRepository,
    private readonly users: UserDirectory,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: PayrollConfig,
  ) {}

  async report(input: unknown): Promise<ReportView> {
    const q = parseInput(reportQuerySchema, input);
    const r: ReportRange = { from: q.from, to: q.to, locationId: q.locationId ?? null, defaultZone: this.config.DEFAULT_TIME_ZONE };
    const [
      days,
      refunds,
      kinds,
      services,
      products,
      methods,
      locations,
      staffSales,
      staffTips,
      appointments,
      rebooking,
      spend,
      newClients,
      currency,
      booked,
      weeks,
      [start, end],
      automations,
    ] = await Promise.all([
      this.reports.salesByDay(r),
      this.reports.refundsByDay(r),
      this.reports.linesByKind(r),
      this.reports.linesByItem(r, 'service'),
      this.reports.linesByItem(r, 'product'),
      this.reports.paymentsByMethod(r),
      this.reports.salesByLocation(r),
      this.reports.staffSales(r),
      this.reports.staffTips(r),
      this.reports.appointmentCounts(r),
      this.reports.rebooking(r),
      this.reports.clientSpend(r),
      this.reports.newClients(r),
      this.reports.currency(),
      this.reports.bookedMinutes(r),
      this.reports.workingWeeks(r),
      this.instants(r),
      this.reports.automationCounts(r),
    ]);
    const [giftCards, memberships] = await Promise.all([
      this.reports.giftCards(r.locationId, end),
      this.reports.memberships(r.locationId, end),
    ]);
    const working = workingMinutesByStaff(weeks, r.from, r.to);
    const hours = [...new Set([...booked.map((b) => b.staffId), ...working.keys()])].map((staffId) => ({
      staffId,
      bookedMinutes: booked.find((b) => b.staffId === staffId)?.bookedMinutes ?? 0,
      workingMinutes: working.get(staffId) ?? 0,
    }));
    const staffIds = [
      ...new Set(
        [...staffSales, ...staffTips, ...rebooking, ...appointments, ...hours].map((s) => s.staffId).filter((s): s is string => !!s),
      ),
    ];
    const names = new Map(await Promise.all(staffIds.map(async (id) => [id, await this.users.nameOf(id)] as const)));
    const nameOf = (id: string) => names.get(id) ?? null;
    const refundsMinor = refunds.reduce((s, x) => s + x.amountMinor, 0);
    const staffRows = staffPerformance(
      staffSales,
      staffTips,
      rebooking.filter((x): x is typeof x & { staffId: string } => !!x.staffId),
      nameOf,
      hours,
    );
    const sum = (f: (h: (typeof hours)[number]) => number) => hours.reduce((s, h) => s + f(h), 0);
    return {
      from: r.from,
      to: r.to,
      locationId: r.locationId,
      currency,
      sales: {
        totals: salesTotals(days, kinds, refundsMinor),
        byDay: salesDays(r.from, r.to, days, refunds),
        byService: services,
        byStaff: staffRows.map((s) => ({
          key: s.staffId,
          label: s.staffName ?? 'Unknown staff',
          count: s.tickets,
          amountMinor: s.revenueMinor,
        })),
        byPaymentMethod: methods,
        byLocation: locations,
      },
      appointments: appointmentsSummary(appointments, (id) => nameOf(id) ?? 'Unknown staff', {
        bookedMinutes: sum((h) => h.bookedMinutes),
        workingMinutes: sum((h) => h.workingMinutes),
      }),
      clients: clientsSummary(spend, newClients, rebooking),
      staff: staffRows,
      retail: { topProducts: products.slice(0, 20) },
      giftCards: giftCardLiability(giftCards.cards, giftCards.movements, start, end),
      memberships: membershipsSummary(memberships, start, end),
      automations: automationResults(automations),
    };
  }

  /** The range as instants: the start of its first local day and of the day after its last (the location's zone, or the default). */
  private async instants(r: ReportRange): Promise<[Date, Date]> {
    const zone = (r.locationId && (await this.reports.zoneOf(r.locationId))) || r.defaultZone;
    return [
      DateTime.fromISO(r.from, { zone }).startOf('day').toJSDate(),
      DateTime.fromISO(r.to, { zone }).plus({ days: 1 }).startOf('day').toJSDate(),
    ];
  }

  /** Today (in the location's zone) and this week from Monday: sales, tips, tickets, new clients. */
  async dashboard(locationId: string | null): Promise<DashboardFigures> {
    const zone = (locationId && (await this.reports.zoneOf(locationId))) || this.config.DEFAULT_TIME_ZONE;
    const today = DateTime.fromJSDate(this.clock.now(), { zone });
    const date = today.toISODate()!;
    const weekStart = today.startOf('week').toISODate()!;
    const r: ReportRange = { from: date, to: date, locationId, defaultZone: this.config.DEFAULT_TIME_ZONE };
    const [days, newClients, currency] = await Promise.all([
      this.reports.salesByDay(r),
      this.reports.newClients({ ...r, from: weekStart, defaultZone: zone }),
      this.reports.currency(),
    ]);
    const d = days[0];
    return {
      date,
      weekStart,
      currency,
      tickets: d?.tickets ?? 0,
      salesMinor: d?.salesMinor ?? 0,
      tipsMinor: d?.tipsMinor ?? 0,
      newClientsThisWeek: newClients,
    };
  }

  async exportCsv(section: string | undefined, input: unknown): Promise<{ filename: string; csv: string }> {
    if (!REPORT_SECTIONS.includes(section as ReportSection))
      throw ValidationFailedError.field('section', `must be one of ${REPORT_SECTIONS.join(', ')}`);
    const view = await this.report(input);
    return { filename: `${section}-report-${view.from}-to-${view.to}.csv`, csv: toCsv(sectionRows(section as ReportSection, view)) };
  }
}
