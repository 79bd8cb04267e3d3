import { z } from 'zod';

/**
 * Scheduling's availability answers: free slots (`GET /api/availability`), the calendar's shading
 * (`GET /api/availability/unavailable`). Times are ISO strings with offset.
 */

export const slotResourceSchema = z.object({ id: z.string(), kind: z.string(), name: z.string() });

/** One free time of one service. */
export const slotViewSchema = z.object({
  startsAt: z.string(),
  endsAt: z.string(),
  staffId: z.string(),
  staffName: z.string(),
  resources: z.array(slotResourceSchema),
});
export type SlotView = z.infer<typeof slotViewSchema>;

export const visitSegmentViewSchema = z.object({
  serviceId: z.string(),
  serviceName: z.string(),
  staffId: z.string(),
  staffName: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
});

/** One free time of a visit of one or more services in sequence (one segment per service). */
export const visitSlotViewSchema = slotViewSchema.extend({ segments: z.array(visitSegmentViewSchema) });
export type VisitSlotView = z.infer<typeof visitSlotViewSchema>;

/** A free time offered instead of a refused one: a slot, with its segments when it is a visit's. */
export const alternativeSlotSchema = slotViewSchema.extend({ segments: z.array(visitSegmentViewSchema).optional() });
export type AlternativeSlot = z.infer<typeof alternativeSlotSchema>;

export const slotsAnswerSchema = z.object({ timeZone: z.string(), slots: z.array(visitSlotViewSchema.or(slotViewSchema)) });
export type SlotsAnswer = z.infer<typeof slotsAnswerSchema>;

/** The calendar's shading: when each staff member cannot be booked, with the engine's reason. */
export const unavailableViewSchema = z.object({
  timeZone: z.string(),
  from: z.string(),
  to: z.string(),
  staff: z.array(
    z.object({
      staffId: z.string(),
      name: z.string(),
      intervals: z.array(z.object({ startsAt: z.string(), endsAt: z.string(), code: z.string(), reason: z.string() })),
    }),
  ),
});
export type UnavailableView = z.infer<typeof unavailableViewSchema>;
