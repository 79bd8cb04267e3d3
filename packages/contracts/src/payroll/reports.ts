import { z } from 'zod';
import { dateSchema } from '../rules/dates.js';

/**
 * Reports (`/api/reports/...`, the `report` and `dashboardFigures` queries): read from payroll's
 * projections of retail's, scheduling's and clients' events, never from their tables. Dates are
 * local dates in each location's zone; money in minor units.
 */
export const REPORT_SECTIONS = ['sales', 'appointments', 'clients', 'staff', 'retail'] as const;
export type ReportSection = (typeof REPORT_SECTIONS)[number];

/** The longest range one report covers (a year and a day). */
export const REPORT_MAX_DAYS = 366;

export const reportQuerySchema = z
  .strictObject({
    from: dateSchema(),
    to: dateSchema(),
    locationId: z.uuid({ message: 'must be a location id' }).nullable().optional(),
  })
  .superRefine((q, ctx) => {
    if (q.to < q.from) ctx.addIssue({ code: 'custom', path: ['to'], message: 'must be on or after from' });
    else if ((Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 + 1 > REPORT_MAX_DAYS)
      ctx.addIssue({ code: 'custom', path: ['to'], message: `must be at most ${REPORT_MAX_DAYS} days after from` });
  });
export type ReportQuery = z.infer<typeof reportQuerySchema>;

/** One row of a breakdown: what (key, label), how many, how much. */
export const reportRowSchema = z.object({
  key: z.string(),
  label: z.string(),
  count: z.number().int(),
  amountMinor: z.number().int(),
});
export type ReportRow = z.infer<typeof reportRowSchema>;

export const salesDaySchema = z.object({
  date: z.string(),
  tickets: z.number().int(),
  salesMinor: z.number().int(),
  tipsMinor: z.number().int(),
  refundsMinor: z.number().int(),
});
export type SalesDay = z.infer<typeof salesDaySchema>;

export const salesTotalsSchema = z.object({
  tickets: z.number().int(),
  /** Sales: what the tickets sold after discounts, before tax and tips. */
  salesMinor: z.number().int(),
  servicesMinor: z.number().int(),
  productsMinor: z.number().int(),
  otherMinor: z.number().int(),
  discountMinor: z.number().int(),
  taxMinor: z.number().int(),
  tipsMinor: z.number().int(),
  refundsMinor: z.number().int(),
  /** Sales less refunds. */
  netMinor: z.number().int(),
  averageTicketMinor: z.number().int(),
});
export type SalesTotals = z.infer<typeof salesTotalsSchema>;

export const staffPerformanceSchema = z.object({
  staffId: z.string(),
  staffName: z.string().nullable(),
  revenueMinor: z.number().int(),
  services: z.number().int(),
  tickets: z.number().int(),
  averageTicketMinor: z.number().int(),
  tipsMinor: z.number().int(),
  completedAppointments: z.number().int(),
  /** Completed appointments whose client has a later appointment booked, in basis points. */
  rebookingBps: z.number().int(),
});
export type StaffPerformance = z.infer<typeof staffPerformanceSchema>;

export const appointmentsReportSchema = z.object({
  total: z.number().int(),
  booked: z.number().int(),
  completed: z.number().int(),
  cancelled: z.number().int(),
  noShow: z.number().int(),
  online: z.number().int(),
  /** No-shows over (completed + no-shows), in basis points. */
  noShowBps: z.number().int(),
  /** Booked online over all, in basis points. */
  onlineBps: z.number().int(),
  byStaff: z.array(reportRowSchema),
});

export const clientsReportSchema = z.object({
  newClients: z.number().int(),
  /** Clients with a closed ticket in the range. */
  served: z.number().int(),
  /** Of those, how many had bought before the range. */
  returning: z.number().int(),
  firstVisits: z.number().int(),
  /** Returning over served, in basis points. */
  retentionBps: z.number().int(),
  /** Clients with a completed appointment in the range who have a later one booked, in basis points. */
  rebookingBps: z.number().int(),
  topClients: z.array(reportRowSchema),
});

export const reportViewSchema = z.object({
  from: z.string(),
  to: z.string(),
  locationId: z.string().nullable(),
  currency: z.string(),
  sales: z.object({
    totals: salesTotalsSchema,
    byDay: z.array(salesDaySchema),
    byService: z.array(reportRowSchema),
    byStaff: z.array(reportRowSchema),
    byPaymentMethod: z.array(reportRowSchema),
    byLocation: z.array(reportRowSchema),
  }),
  appointments: appointmentsReportSchema,
  clients: clientsReportSchema,
  staff: z.array(staffPerformanceSchema),
  retail: z.object({ topProducts: z.array(reportRowSchema) }),
});
export type ReportView = z.infer<typeof reportViewSchema>;

/** The dashboard's figures for a location's today (in its zone) and this week (Monday on). */
export const dashboardFiguresSchema = z.object({
  date: z.string(),
  weekStart: z.string(),
  currency: z.string(),
  tickets: z.number().int(),
  salesMinor: z.number().int(),
  tipsMinor: z.number().int(),
  newClientsThisWeek: z.number().int(),
});
export type DashboardFigures = z.infer<typeof dashboardFiguresSchema>;
