import { z } from 'zod';

/**
 * Scheduling's classes (`/api/classes`, `/api/online-booking/classes`): sessions, enrolments and
 * the public list. Times are ISO strings with offset, money in minor units.
 */

export const sessionStatusSchema = z.enum(['scheduled', 'cancelled']);
export type SessionStatus = z.infer<typeof sessionStatusSchema>;
export const enrolmentStatusSchema = z.enum(['enrolled', 'waitlisted', 'cancelled', 'attended', 'no-show']);
export type EnrolmentStatus = z.infer<typeof enrolmentStatusSchema>;

export const classSessionViewSchema = z.object({
  id: z.string(),
  locationId: z.string(),
  seriesId: z.string().nullable(),
  name: z.string(),
  description: z.string().nullable(),
  category: z.string().nullable(),
  instructorId: z.string(),
  roomId: z.string().nullable(),
  startsAt: z.string(),
  endsAt: z.string(),
  durationMin: z.number().int(),
  capacity: z.number().int(),
  priceMinor: z.number().int(),
  currency: z.string(),
  status: sessionStatusSchema,
  cancelReason: z.string().nullable(),
  createdBy: z.string().nullable(),
  version: z.number().int(),
  /** Enrolled, attended and no-show places. */
  enrolledCount: z.number().int(),
  waitlistedCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ClassSessionView = z.infer<typeof classSessionViewSchema>;

export const enrolmentViewSchema = z.object({
  id: z.string(),
  sessionId: z.string(),
  clientId: z.string(),
  status: enrolmentStatusSchema,
  /** 1-based place in the waitlist while waitlisted, otherwise null. */
  waitlistPosition: z.number().int().nullable(),
  promotedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type EnrolmentView = z.infer<typeof enrolmentViewSchema>;

/** GET /api/classes/{id}: the session with its roster. */
export const classSessionDetailSchema = classSessionViewSchema.extend({ enrolments: z.array(enrolmentViewSchema) });
export type ClassSessionDetail = z.infer<typeof classSessionDetailSchema>;

/** What a visitor may sign up for. */
export const publicClassViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  category: z.string().nullable(),
  instructorId: z.string(),
  instructorName: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  capacity: z.number().int(),
  seatsLeft: z.number().int(),
  priceMinor: z.number().int(),
  currency: z.string(),
});
export type PublicClassView = z.infer<typeof publicClassViewSchema>;

/** A cancelled enrolment (or a raised capacity): the enrolment, and who moved from the waitlist into a seat, in order. */
export const enrolmentResultSchema = z.object({ enrolment: enrolmentViewSchema, promoted: z.array(enrolmentViewSchema) });
export type EnrolmentResult = z.infer<typeof enrolmentResultSchema>;
