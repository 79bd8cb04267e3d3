import type { ReportRow, ReportSection, ReportView, SalesDay, SalesTotals, StaffPerformance } from '@salon/contracts';
import { formatMinor, roundHalfAway } from '../../payroll-runs/domain/money.rules.js';

/** part / whole in basis points (0 when there is no whole), halves away from zero. */
export function rateBps(part: number, whole: number): number {
  return whole === 0 ? 0 : roundHalfAway((part * 10_000) / whole);
}

/** total / count to the cent (0 when there is nothing to divide). */
export function averageMinor(totalMinor: number, count: number): number {
  return count === 0 ? 0 : roundHalfAway(totalMinor / count);
}

/** Every local date from `from` to `to` inclusive. */
export function datesBetween(from: string, to: string): string[] {
  const out: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += 86_400_000)
    out.push(new Date(t).toISOString().slice(0, 10));
  return out;
}

export interface DayFigures {
  date: string;
  tickets: number;
  salesMinor: number;
  tipsMinor: number;
  discountMinor: number;
  taxMinor: number;
}

/** One row per day of the range (days without a sale at zero), refunds on the day they were given. */
export function salesDays(from: string, to: string, days: DayFigures[], refunds: { date: string; amountMinor: number }[]): SalesDay[] {
  const byDate = new Map(days.map((d) => [d.date, d]));
  const refundOf = new Map(refunds.map((r) => [r.date, r.amountMinor]));
  return datesBetween(from, to).map((date) => ({
    date,
    tickets: byDate.get(date)?.tickets ?? 0,
    salesMinor: byDate.get(date)?.salesMinor ?? 0,
    tipsMinor: byDate.get(date)?.tipsMinor ?? 0,
    refundsMinor: refundOf.get(date) ?? 0,
  }));
}

/** The range's totals: sales split by line kind (services, products, the rest), net of refunds. */
export function salesTotals(days: DayFigures[], kinds: ReportRow[], refundsMinor: number): SalesTotals {
  const sum = (f: (d: DayFigures) => number) => days.reduce((s, d) => s + f(d), 0);
  const tickets = sum((d) => d.tickets);
  const salesMinor = sum((d) => d.salesMinor);
  const servicesMinor = kinds.find((k) => k.key === 'service')?.amountMinor ?? 0;
  const productsMinor = kinds.find((k) => k.key === 'product')?.amountMinor ?? 0;
  return {
    tickets,
    salesMinor,
    servicesMinor,
    productsMinor,
    otherMinor: salesMinor - servicesMinor - productsMinor,
    discountMinor: sum((d) => d.discountMinor),
    taxMinor: sum((d) => d.taxMinor),
    tipsMinor: sum((d) => d.tipsMinor),
    refundsMinor,
    netMinor: salesMinor - refundsMinor,
    averageTicketMinor: averageMinor(salesMinor, tickets),
  };
}

export interface AppointmentCount {
  staffId: string | null;
  status: string;
  online: boolean;
  n: number;
}

export function appointmentsSummary(
  rows: AppointmentCount[],
  nameOf: (staffId: string) => string,
  hours: { bookedMinutes: number; workingMinutes: number } = { bookedMinutes: 0, workingMinutes: 0 },
): ReportView['appointments'] {
  const count = (f: (r: AppointmentCount) => boolean) => rows.filter(f).reduce((s, r) => s + r.n, 0);
  const total = count(() => true);
  const completed = count((r) => r.status === 'completed');
  const noShow = count((r) => r.status === 'no_show');
  const online = count((r) => r.online);
  const staff = new Map<string, number>();
  for (const r of rows) if (r.staffId && r.status !== 'cancelled') staff.set(r.staffId, (staff.get(r.staffId) ?? 0) + r.n);
  return {
    total,
    booked: count((r) => r.status === 'booked'),
    completed,
    cancelled: count((r) => r.status === 'cancelled'),
    noShow,
    online,
    noShowBps: rateBps(noShow, completed + noShow),
    onlineBps: rateBps(online, total),
    bookedMinutes: hours.bookedMinutes,
    workingMinutes: hours.workingMinutes,
    utilisationBps: rateBps(hours.bookedMinutes, hours.workingMinutes),
    byStaff: [...staff]
      .map(([key, n]) => ({ key, label: nameOf(key), count: n, amountMinor: 0 }))
      .sort((a, b) => b.count - a.count || a.label.localeCompare(b.label)),
  };
}

export interface ClientSpend {
  clientId: string;
  name: string | null;
  tickets: number;
  spentMinor: number;
  returning: boolean;
}

export function clientsSummary(
  spend: ClientSpend[],
  newClients: number,
  rebooking: { completed: number; rebooked: number }[],
  top = 10,
): ReportView['clients'] {
  const returning = spend.filter((c) => c.returning).length;
  const completed = rebooking.reduce((s, r) => s + r.completed, 0);
  const rebooked = rebooking.reduce((s, r) => s + r.rebooked, 0);
  return {
    newClients,
    served: spend.length,
    returning,
    firstVisits: spend.length - returning,
    retentionBps: rateBps(returning, spend.length),
    rebookingBps: rateBps(rebooked, completed),
    topClients: [...spend]
      .sort((a, b) => b.spentMinor - a.spentMinor || a.clientId.localeCompare(b.clientId))
      .slice(0, top)
      .map((c) => ({ key: c.clientId, label: c.name ?? 'Client', count: c.tickets, amountMinor: c.spentMinor })),
  };
}

/**
 * Each person with a sale, a tip, a completed or booked appointment or working hours in the range,
 * highest revenue first; utilisation is their booked over working minutes.
 */
export function staffPerformance(
  sales: { staffId: string; revenueMinor: number; services: number; tickets: number }[],
  tips: { staffId: string; tipsMinor: number }[],
  appointments: { staffId: string; completed: number; rebooked: number }[],
  nameOf: (staffId: string) => string | null,
  hours: { staffId: string; bookedMinutes: number; workingMinutes: number }[] = [],
): StaffPerformance[] {
  const ids = new Set([...sales, ...tips, ...appointments, ...hours].map((r) => r.staffId).filter(Boolean));
  return [...ids]
    .map((staffId) => {
      const s = sales.find((r) => r.staffId === staffId);
      const a = appointments.find((r) => r.staffId === staffId);
      const h = hours.find((r) => r.staffId === staffId);
      const revenueMinor = s?.revenueMinor ?? 0;
      return {
        staffId,
        staffName: nameOf(staffId),
        revenueMinor,
        services: s?.services ?? 0,
        tickets: s?.tickets ?? 0,
        averageTicketMinor: averageMinor(revenueMinor, s?.tickets ?? 0),
        tipsMinor: tips.find((r) => r.staffId === staffId)?.tipsMinor ?? 0,
        completedAppointments: a?.completed ?? 0,
        rebookingBps: rateBps(a?.rebooked ?? 0, a?.completed ?? 0),
        bookedMinutes: h?.bookedMinutes ?? 0,
        workingMinutes: h?.workingMinutes ?? 0,
        utilisationBps: rateBps(h?.bookedMinutes ?? 0, h?.workingMinutes ?? 0),
      };
    })
    .sort((x, y) => y.revenueMinor - x.revenueMinor || (x.staffName ?? '').localeCompare(y.staffName ?? ''));
}

const money = (minor: number) => formatMinor(minor);
const percent = (bps: number) => (bps / 100).toFixed(2);
const hoursOf = (minutes: number) => (minutes / 60).toFixed(2);
const rows = (title: string, list: ReportRow[], unit: string) => [
  [title, unit, 'amount'],
  ...list.map((r) => [r.label, String(r.count), money(r.amountMinor)]),
];

/** A report section as CSV rows (header first): amounts as decimals, rates as percentages. */
export function sectionRows(section: ReportSection, v: ReportView): string[][] {
  switch (section) {
    case 'sales':
      return [
        ['date', 'tickets', 'sales', 'tips', 'refunds', 'currency'],
        ...v.sales.byDay.map((d) => [
          d.date,
          String(d.tickets),
          money(d.salesMinor),
          money(d.tipsMinor),
          money(d.refundsMinor),
          v.currency,
        ]),
        [
          'total',
          String(v.sales.totals.tickets),
          money(v.sales.totals.salesMinor),
          money(v.sales.totals.tipsMinor),
          money(v.sales.totals.refundsMinor),
          v.currency,
        ],
        [],
        ...rows('service', v.sales.byService, 'quantity'),
        [],
        ...rows('payment_method', v.sales.byPaymentMethod, 'payments'),
      ];
    case 'appointments': {
      const a = v.appointments;
      return [
        [
          'total',
          'booked',
          'completed',
          'cancelled',
          'no_show',
          'online',
          'no_show_rate_percent',
          'online_share_percent',
          'booked_hours',
          'working_hours',
          'utilisation_percent',
        ],
        [a.total, a.booked, a.completed, a.cancelled, a.noShow, a.online]
          .map(String)
          .concat([
            percent(a.noShowBps),
            percent(a.onlineBps),
            hoursOf(a.bookedMinutes),
            hoursOf(a.workingMinutes),
            percent(a.utilisationBps),
          ]),
        [],
        ['staff', 'appointments'],
        ...a.byStaff.map((r) => [r.label, String(r.count)]),
      ];
    }
    case 'clients': {
      const c = v.clients;
      return [
        ['new_clients', 'served', 'returning', 'first_visits', 'retention_percent', 'rebooking_percent'],
        [c.newClients, c.served, c.returning, c.firstVisits].map(String).concat([percent(c.retentionBps), percent(c.rebookingBps)]),
        [],
        ...rows('top_client', c.topClients, 'tickets'),
      ];
    }
    case 'staff':
      return [
        [
          'staff',
          'revenue',
          'services',
          'tickets',
          'average_ticket',
          'tips',
          'completed_appointments',
          'rebooking_percent',
          'booked_hours',
          'working_hours',
          'utilisation_percent',
        ],
        ...v.staff.map((s) => [
          s.staffName ?? s.staffId,
          money(s.revenueMinor),
          String(s.services),
          String(s.tickets),
          money(s.averageTicketMinor),
          money(s.tipsMinor),
          String(s.completedAppointments),
          percent(s.rebookingBps),
          hoursOf(s.bookedMinutes),
          hoursOf(s.workingMinutes),
          percent(s.utilisationBps),
        ]),
      ];
    case 'retail':
      return rows('product', v.retail.topProducts, 'quantity');
    case 'gift-cards': {
      const g = v.giftCards;
      return [
        ['figure', 'amount', 'count', 'currency'],
        ['opening_liability', money(g.openingLiabilityMinor), '', v.currency],
        ['issued', money(g.issuedMinor), String(g.issuedCount), v.currency],
        ['redeemed', money(g.redeemedMinor), String(g.redeemedCount), v.currency],
        ['refunded', money(g.refundedMinor), '', v.currency],
        ['adjusted', money(g.adjustedMinor), '', v.currency],
        ['expired', money(g.expiredMinor), '', v.currency],
        ['liability', money(g.liabilityMinor), String(g.outstandingCards), v.currency],
      ];
    }
    case 'memberships': {
      const ms = v.memberships;
      return [
        ['active', 'mrr', 'active_at_start', 'started', 'cancelled', 'churn_percent', 'currency'],
        [
          String(ms.active),
          money(ms.mrrMinor),
          String(ms.activeAtStart),
          String(ms.started),
          String(ms.cancelled),
          percent(ms.churnBps),
          v.currency,
        ],
        [],
        ...rows('plan', ms.byPlan, 'members'),
      ];
    }
    case 'automations': {
      const au = v.automations;
      return [
        ['automation', 'sent', 'skipped', 'cancelled', 'sent_percent'],
        ...au.byKind.map((k) => [k.label, String(k.sent), String(k.skipped), String(k.cancelled), percent(k.sentBps)]),
        ['total', String(au.sent), String(au.skipped), String(au.cancelled), ''],
        [],
        ['channel', 'sends'],
        ['sms', String(au.sms)],
        ['email', String(au.email)],
      ];
    }
  }
}
