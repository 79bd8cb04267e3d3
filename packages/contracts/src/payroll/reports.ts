import { z } from 'zod';
import { dateSchema } from '../rules/dates.js';

/**
 * Reports (`/api/reports/...`, the `report` and `dashboardFigures` queries): read from payroll's
 * projections of retail's, scheduling's and clients' events, never from their tables. Dates are
 * local dates in each location's zone; money in minor units.
 */
export const REPORT_SECTIONS = ['sales', 'appointments', 'clients', 'staff', 'retail', 'gift-cards', 'memberships', 'automations'] as const;
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
  /** Minutes of appointments (not cancelled) in the range. */
  bookedMinutes: z.number().int(),
  /** Minutes of working hours (scheduling's weekly hours less breaks) in the range. */
  workingMinutes: z.number().int(),
  /** Booked over working minutes, in basis points (0 without working hours). */
  utilisationBps: z.number().int(),
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
  /** Minutes of appointments (not cancelled) and of working hours in the range, and their ratio in basis points. */
  bookedMinutes: z.number().int(),
  workingMinutes: z.number().int(),
  utilisationBps: z.number().int(),
  byStaff: z.array(reportRowSchema),
});

/**
 * Gift cards (from retail's gift-card events): what was outstanding on the range's last day (the
 * liability), and how it moved during the range. Cards past their expiry count as expired, not owed.
 */
export const giftCardsReportSchema = z.object({
  /** Balance outstanding at the end of the range: issued − redeemed + refunded ± adjusted − expired. */
  liabilityMinor: z.number().int(),
  /** Cards with a balance outstanding at the end of the range. */
  outstandingCards: z.number().int(),
  openingLiabilityMinor: z.number().int(),
  issuedMinor: z.number().int(),
  issuedCount: z.number().int(),
  redeemedMinor: z.number().int(),
  redeemedCount: z.number().int(),
  refundedMinor: z.number().int(),
  adjustedMinor: z.number().int(),
  expiredMinor: z.number().int(),
});
export type GiftCardsReport = z.infer<typeof giftCardsReportSchema>;

/** Memberships (from retail's membership events): recurring revenue and churn. */
export const membershipsReportSchema = z.object({
  /** Memberships active at the end of the range. */
  active: z.number().int(),
  /** Their monthly recurring revenue (a yearly plan counts a twelfth of its price). */
  mrrMinor: z.number().int(),
  activeAtStart: z.number().int(),
  started: z.number().int(),
  cancelled: z.number().int(),
  /** Cancelled in the range over active at its start, in basis points. */
  churnBps: z.number().int(),
  /** Active memberships at the end of the range by plan: members (count) and MRR (amount). */
  byPlan: z.array(reportRowSchema),
});
export type MembershipsReport = z.infer<typeof membershipsReportSchema>;

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

/** One automation's results in the range: messages sent, and sends skipped or cancelled. */
export const automationResultSchema = z.object({
  kind: z.string(),
  label: z.string(),
  sent: z.number().int(),
  skipped: z.number().int(),
  cancelled: z.number().int(),
  /** Sent over all its finished sends, in basis points. */
  sentBps: z.number().int(),
});

/** Automation results (from messaging.automation.finished.v1), by the local date each send finished. */
export const automationsReportSchema = z.object({
  sent: z.number().int(),
  skipped: z.number().int(),
  cancelled: z.number().int(),
  sms: z.number().int(),
  email: z.number().int(),
  byKind: z.array(automationResultSchema),
});
export type AutomationsReport = z.infer<typeof automationsReportSchema>;

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
  giftCards: giftCardsReportSchema,
  memberships: membershipsReportSchema,
  automations: automationsReportSchema,
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
