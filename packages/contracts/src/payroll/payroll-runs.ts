import { z } from 'zod';
import { dateSchema } from '../rules/dates.js';

/**
 * Payroll runs (`/api/payroll/...`): a pay period drafted from approved time sheets and the
 * period's sales, reviewed per person with every line naming its source, rule version and
 * arithmetic, then finalised (immutable). A refund after a period closed is an adjustment of the
 * next run.
 */
export const PAY_FREQUENCIES = ['weekly', 'biweekly', 'semimonthly', 'monthly'] as const;
export type PayFrequency = (typeof PAY_FREQUENCIES)[number];

export const EARNING_KINDS = [
  'regular_hours',
  'overtime_hours',
  'salary',
  'service_commission',
  'product_commission',
  'tip',
  'booth_rent',
  'adjustment',
] as const;
export type EarningKind = (typeof EARNING_KINDS)[number];

export const earningLineViewSchema = z.object({
  id: z.string(),
  staffId: z.string(),
  kind: z.enum(EARNING_KINDS),
  /** What the line is paid on: a shift, a ticket line, a tip, a refund, the period. */
  sourceType: z.enum(['shift', 'ticket_line', 'tip', 'refund', 'period']),
  sourceId: z.string().nullable(),
  /** When the source happened (a shift's day, a sale's close). */
  occurredOn: z.string(),
  description: z.string(),
  ruleId: z.string().nullable(),
  ruleVersion: z.number().int().nullable(),
  /** The arithmetic, as a person checks it: "45.00 × 40 % = 18.00". */
  arithmetic: z.string(),
  amountMinor: z.number().int(),
});
export type EarningLineView = z.infer<typeof earningLineViewSchema>;

export const staffTotalsViewSchema = z.object({
  staffId: z.string(),
  staffName: z.string().nullable(),
  hoursMinor: z.number().int(),
  commissionMinor: z.number().int(),
  tipsMinor: z.number().int(),
  otherMinor: z.number().int(),
  totalMinor: z.number().int(),
  regularMinutes: z.number().int(),
  overtimeMinutes: z.number().int(),
});
export type StaffTotalsView = z.infer<typeof staffTotalsViewSchema>;

export const payrollRunViewSchema = z.object({
  id: z.string(),
  periodStart: z.string(),
  periodEnd: z.string(),
  status: z.enum(['draft', 'finalised']),
  currency: z.string(),
  createdAt: z.string(),
  finalisedAt: z.string().nullable(),
  finalisedBy: z.string().nullable(),
  totalMinor: z.number().int(),
  staff: z.array(staffTotalsViewSchema),
  /** Staff whose time sheet for the period is not approved: their hours are left out. */
  unapprovedStaffIds: z.array(z.string()),
});
export type PayrollRunView = z.infer<typeof payrollRunViewSchema>;

export const paySettingsViewSchema = z.object({ frequency: z.enum(PAY_FREQUENCIES), anchorDate: z.string(), version: z.number().int() });
export type PaySettingsView = z.infer<typeof paySettingsViewSchema>;

export const paySettingsInputSchema = z.strictObject({ frequency: z.enum(PAY_FREQUENCIES), anchorDate: dateSchema() });
export type PaySettingsInput = z.input<typeof paySettingsInputSchema>;

export const draftRunInputSchema = z.strictObject({ periodStart: dateSchema(), periodEnd: dateSchema() });
export type DraftRunInput = z.input<typeof draftRunInputSchema>;

export const earningsViewSchema = z.object({
  staffId: z.string(),
  from: z.string(),
  to: z.string(),
  totalMinor: z.number().int(),
  lines: z.array(earningLineViewSchema),
});
export type EarningsView = z.infer<typeof earningsViewSchema>;
