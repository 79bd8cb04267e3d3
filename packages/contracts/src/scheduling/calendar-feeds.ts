import { z } from 'zod';

/** A staff member's calendar feed (Google, Apple Calendar): whether a link is live and when it was last read. */
export const calendarFeedStatusSchema = z.object({
  staffId: z.string(),
  active: z.boolean(),
  createdAt: z.string().nullable(),
  lastReadAt: z.string().nullable(),
});
export type CalendarFeedStatus = z.infer<typeof calendarFeedStatusSchema>;

/** A new link, answered once: `path` is under the gateway (`/api/calendar-feeds/ics/{secret}.ics`). */
export const calendarFeedLinkSchema = calendarFeedStatusSchema.extend({ path: z.string() });
export type CalendarFeedLink = z.infer<typeof calendarFeedLinkSchema>;
