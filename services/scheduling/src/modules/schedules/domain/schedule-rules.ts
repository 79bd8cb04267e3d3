import { z } from 'zod';

const wallTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$|^24:00$/, 'must be HH:mm');

export const workingHoursInputSchema = z
  .object({
    staffId: z.uuid(),
    locationId: z.uuid(),
    /** The whole week replaces the staff member's current hours at the location. */
    intervals: z
      .array(
        z.object({
          weekday: z.number().int().min(1).max(7),
          start: wallTime,
          end: wallTime,
          kind: z.enum(['work', 'break']).default('work'),
          label: z.string().max(80).nullish(),
        }),
      )
      .max(100)
      .refine((list) => list.every((i) => i.start < i.end), 'each interval must end after it starts'),
  })
  .strict();

export const exceptionInputSchema = z
  .object({
    staffId: z.uuid(),
    locationId: z.uuid(),
    date: z.iso.date(),
    hours: z.array(z.object({ start: wallTime, end: wallTime })).max(10),
    label: z.string().max(80).nullish(),
  })
  .strict();

export const timeOffInputSchema = z
  .object({
    staffId: z.uuid(),
    locationId: z.uuid().nullish(),
    startsAt: z.iso.datetime({ offset: true }),
    endsAt: z.iso.datetime({ offset: true }),
    label: z.string().max(120).nullish(),
    kind: z.enum(['time-off', 'blocked']).default('time-off'),
  })
  .strict()
  .refine((t) => new Date(t.startsAt) < new Date(t.endsAt), { path: ['endsAt'], message: 'must be after startsAt' });

export const policyInputSchema = z
  .object({
    timeZone: z.string().refine((tz) => {
      try {
        new Intl.DateTimeFormat('en-US', { timeZone: tz });
        return true;
      } catch {
        return false;
      }
    }, 'must be an IANA time zone such as America/Chicago'),
    slotIntervalMin: z.number().int().min(5).max(240).default(15),
    minNoticeMin: z.number().int().min(0).default(60),
    maxAdvanceDays: z.number().int().min(1).max(730).default(90),
    lateCancelHours: z.number().int().min(0).max(720).default(24),
    openingHours: z.array(z.object({ weekday: z.number().int().min(1).max(7), start: wallTime, end: wallTime })).nullish(),
  })
  .strict();
