import { addDays, minutesInDay, zonedDate, zonedToUtc } from './time-grid';

/** How far "Next free" looks: two weeks from the day shown (the engine allows up to 31 days). */
export const NEXT_FREE_DAYS = 14;

/**
 * The window to ask the availability engine: from the day shown (or now, when that day is today or
 * past, so no passed time is offered) for NEXT_FREE_DAYS days. Pure.
 */
export function nextFreeWindow(date: string, now: Date): { from: string; to: string } {
  const dayStart = zonedToUtc(date, 0);
  const from = dayStart > now ? dayStart : now;
  return { from: from.toISOString(), to: zonedToUtc(addDays(date, NEXT_FREE_DAYS), 0).toISOString() };
}

/** Where a slot lands on the calendar: its local date and minutes after midnight. Pure. */
export function slotCell(startsAt: string): { date: string; startMin: number } {
  const d = new Date(startsAt);
  const date = zonedDate(d);
  return { date, startMin: minutesInDay(d, date) };
}
