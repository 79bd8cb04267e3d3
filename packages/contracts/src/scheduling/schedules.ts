import { z } from 'zod';
import { dateSchema, instantSchema } from '../rules/dates.js';
import { intSchema, moneyMinorSchema } from '../rules/numbers.js';
import { lineSchema } from '../rules/text.js';
import { timeZoneSchema } from '../rules/time-zone.js';

/**
 * Scheduling's schedules: weekly working hours and breaks, date exceptions, time off and blocked
 * time, the booking policy of a location; what `/api/schedules/...` answers and takes.
 */

const wallTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$|^24:00$/, 'must be HH:mm');

export const workingHoursRowSchema = z.object({
  staffId: z.string(),
  locationId: z.string(),
  /** ISO weekday, Monday = 1. */
  weekday: z.number().int(),
  start: z.string(),
  end: z.string(),
  kind: z.enum(['work', 'break']),
  label: z.string().nullable(),
});
export type WorkingHoursRow = z.infer<typeof workingHoursRowSchema>;

export const exceptionRowSchema = z.object({
  staffId: z.string(),
  locationId: z.string(),
  date: z.string(),
  hours: z.array(z.object({ start: z.string(), end: z.string() })),
  label: z.string().nullable(),
});
export type ExceptionRow = z.infer<typeof exceptionRowSchema>;

export const timeOffRowSchema = z.object({
  id: z.string(),
  staffId: z.string(),
  locationId: z.string().nullable(),
  startsAt: z.string(),
  endsAt: z.string(),
  label: z.string().nullable(),
  kind: z.enum(['time-off', 'blocked']),
});
export type TimeOffRow = z.infer<typeof timeOffRowSchema>;

/** A location's booking policy (defaults when the location has none saved). */
export const policyRowSchema = z.object({
  locationId: z.string(),
  timeZone: z.string(),
  slotIntervalMin: z.number().int(),
  minNoticeMin: z.number().int(),
  maxAdvanceDays: z.number().int(),
  lateCancelHours: z.number().int(),
  openingHours: z.array(z.object({ weekday: z.number().int(), start: z.string(), end: z.string() })).nullable(),
  /** What staff may charge for a no-show (minor units); null: no fee. */
  noShowFeeMinor: z.number().int().nullable(),
  /** What staff may charge for a cancellation inside the late-cancel window (minor units); null: no fee. */
  lateCancelFeeMinor: z.number().int().nullable(),
  /** Online booking saves a card on file (unless a deposit already takes one). */
  requireCardOnline: z.boolean(),
});
export type PolicyRow = z.infer<typeof policyRowSchema>;

export const workingHoursInputSchema = z
  .object({
    staffId: z.uuid(),
    locationId: z.uuid(),
    /** The whole week replaces the staff member's current hours at the location. */
    intervals: z
      .array(
        z.object({
          weekday: intSchema({ min: 1, max: 7 }),
          start: wallTime,
          end: wallTime,
          kind: z.enum(['work', 'break']).default('work'),
          label: lineSchema(80).nullish(),
        }),
      )
      .max(100)
      .refine((list) => list.every((i) => i.start < i.end), 'each interval must end after it starts'),
  })
  .strict();
export type WorkingHoursInput = z.infer<typeof workingHoursInputSchema>;

export const exceptionInputSchema = z
  .object({
    staffId: z.uuid(),
    locationId: z.uuid(),
    date: dateSchema(),
    hours: z.array(z.object({ start: wallTime, end: wallTime })).max(10),
    label: lineSchema(80).nullish(),
  })
  .strict();
export type ExceptionInput = z.infer<typeof exceptionInputSchema>;

export const timeOffInputSchema = z
  .object({
    staffId: z.uuid(),
    locationId: z.uuid().nullish(),
    startsAt: instantSchema(),
    endsAt: instantSchema(),
    label: lineSchema(120).nullish(),
    kind: z.enum(['time-off', 'blocked']).default('time-off'),
  })
  .strict()
  .refine((t) => new Date(t.startsAt) < new Date(t.endsAt), { path: ['endsAt'], message: 'must be after startsAt' });
export type TimeOffInput = z.infer<typeof timeOffInputSchema>;

export const policyInputSchema = z
  .object({
    timeZone: timeZoneSchema,
    slotIntervalMin: intSchema({ min: 5, max: 240 }).default(15),
    /** At most 90 days of notice. */
    minNoticeMin: intSchema({ min: 0, max: 129_600 }).default(60),
    maxAdvanceDays: intSchema({ min: 1, max: 730 }).default(90),
    lateCancelHours: intSchema({ min: 0, max: 720 }).default(24),
    openingHours: z
      .array(z.object({ weekday: intSchema({ min: 1, max: 7 }), start: wallTime, end: wallTime }))
      .max(50)
      .nullish(),
    /** Minor units, 0 or more; null (or left out) = no fee. */
    noShowFeeMinor: moneyMinorSchema().nullish().default(null),
    lateCancelFeeMinor: moneyMinorSchema().nullish().default(null),
    requireCardOnline: z
      .boolean('must be true or false')
      .nullish()
      .transform((v) => v ?? false),
  })
  .strict();
export type PolicyInput = z.infer<typeof policyInputSchema>;
