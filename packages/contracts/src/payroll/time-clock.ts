import { z } from 'zod';
import { instantSchema, dateSchema } from '../rules/dates.js';
import { intSchema } from '../rules/numbers.js';
import { lineSchema } from '../rules/text.js';

/**
 * Payroll's time clock (`/api/time-clock/...`): shifts with breaks per location. A shift still open
 * past the location's limit is flagged `forgotten`: nobody guesses when the person left, a manager
 * edits it with a reason (kept as an audit trail).
 */
export const SHIFT_STATUSES = ['open', 'closed', 'forgotten'] as const;
export type ShiftStatus = (typeof SHIFT_STATUSES)[number];

export const shiftBreakViewSchema = z.object({ startedAt: z.string(), endedAt: z.string().nullable() });

export const shiftEditViewSchema = z.object({
  editedBy: z.string(),
  editedAt: z.string(),
  reason: z.string(),
  before: z.object({ clockInAt: z.string(), clockOutAt: z.string().nullable(), breakMinutes: z.number().int() }),
  after: z.object({ clockInAt: z.string(), clockOutAt: z.string().nullable(), breakMinutes: z.number().int() }),
});
export type ShiftEditView = z.infer<typeof shiftEditViewSchema>;

export const shiftViewSchema = z.object({
  id: z.string(),
  staffId: z.string(),
  locationId: z.string(),
  status: z.enum(SHIFT_STATUSES),
  clockInAt: z.string(),
  clockOutAt: z.string().nullable(),
  /** Local date (the location's zone) the shift counts on. */
  workDate: z.string(),
  breaks: z.array(shiftBreakViewSchema),
  onBreak: z.boolean(),
  workedMinutes: z.number().int(),
  breakMinutes: z.number().int(),
  source: z.enum(['self', 'kiosk', 'manager']),
  approved: z.boolean(),
  edits: z.array(shiftEditViewSchema),
  version: z.number().int(),
});
export type ShiftView = z.infer<typeof shiftViewSchema>;

export const timeSheetDayViewSchema = z.object({
  date: z.string(),
  workedMinutes: z.number().int(),
  regularMinutes: z.number().int(),
  overtimeMinutes: z.number().int(),
});

export const timeSheetViewSchema = z.object({
  staffId: z.string(),
  locationId: z.string(),
  from: z.string(),
  to: z.string(),
  shifts: z.array(shiftViewSchema),
  days: z.array(timeSheetDayViewSchema),
  workedMinutes: z.number().int(),
  regularMinutes: z.number().int(),
  overtimeMinutes: z.number().int(),
  /** Shifts flagged forgotten or still open: approval waits for them. */
  unresolved: z.number().int(),
  approvedAt: z.string().nullable(),
  approvedBy: z.string().nullable(),
});
export type TimeSheetView = z.infer<typeof timeSheetViewSchema>;

const pinSchema = z.string().regex(/^[0-9]{4,8}$/, 'must be 4 to 8 digits');

/** Clock in, out, or start/end a break. With `pin`+`staffId` from a shared front-desk screen; without, for the caller. */
export const clockInputSchema = z.strictObject({
  locationId: z.uuid('must be a location id'),
  staffId: z.uuid('must be a staff id').optional(),
  pin: pinSchema.optional(),
});
export type ClockInput = z.input<typeof clockInputSchema>;

export const setPinInputSchema = z.strictObject({ staffId: z.uuid('must be a staff id').optional(), pin: pinSchema });
export type SetPinInput = z.input<typeof setPinInputSchema>;

export const editShiftInputSchema = z.strictObject({
  clockInAt: instantSchema(),
  clockOutAt: instantSchema().nullable(),
  breakMinutes: intSchema({ max: 24 * 60 }),
  reason: lineSchema(300, { min: 3 }),
  version: intSchema({ min: 1 }),
});
export type EditShiftInput = z.input<typeof editShiftInputSchema>;

export const approveTimeSheetInputSchema = z.strictObject({
  staffId: z.uuid('must be a staff id'),
  locationId: z.uuid('must be a location id'),
  from: dateSchema(),
  to: dateSchema(),
});
export type ApproveTimeSheetInput = z.input<typeof approveTimeSheetInputSchema>;

/** A location's overtime rule: weekly over 40 h by default; a daily limit optional. */
export const overtimeRuleViewSchema = z.object({
  locationId: z.string(),
  weeklyLimitMinutes: z.number().int().nullable(),
  dailyLimitMinutes: z.number().int().nullable(),
  multiplierPercent: z.number().int(),
  forgottenAfterHours: z.number().int(),
  cardFeeBps: z.number().int(),
  timeZone: z.string(),
});
export type OvertimeRuleView = z.infer<typeof overtimeRuleViewSchema>;

export const overtimeRuleInputSchema = z.strictObject({
  weeklyLimitMinutes: intSchema({ min: 60, max: 168 * 60 }).nullable(),
  dailyLimitMinutes: intSchema({ min: 60, max: 24 * 60 }).nullable(),
  multiplierPercent: intSchema({ min: 100, max: 300 }),
  forgottenAfterHours: intSchema({ min: 1, max: 48 }),
  cardFeeBps: intSchema({ max: 1000 }),
});
export type OvertimeRuleInput = z.input<typeof overtimeRuleInputSchema>;
