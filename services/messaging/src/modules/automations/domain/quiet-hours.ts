import { DateTime } from 'luxon';

export interface QuietHours {
  /** Local wall times "HH:mm"; start after end means the quiet spans midnight (21:00 → 08:00). */
  start: string;
  end: string;
}

function minutesOf(hhmm: string): number {
  const [h, m] = hhmm.split(':').map(Number);
  return h! * 60 + m!;
}

/**
 * The earliest moment at or after `at` outside the location's quiet hours, in its zone: a text due
 * at 23:30 waits for 08:00 the next morning, wall time, whatever DST did overnight. A quiet end
 * that falls in a spring-forward gap (02:30 on that night) is the first valid time after it.
 */
export function afterQuietHours(at: Date, zone: string, quiet: QuietHours): Date {
  const start = minutesOf(quiet.start);
  const end = minutesOf(quiet.end);
  if (start === end) return at;
  const local = DateTime.fromJSDate(at, { zone });
  const minute = local.hour * 60 + local.minute;
  const spansMidnight = start > end;
  const inQuiet = spansMidnight ? minute >= start || minute < end : minute >= start && minute < end;
  if (!inQuiet) return at;
  // The morning the quiet ends: tomorrow when it spans midnight and we are before it.
  const endDay = spansMidnight && minute >= start ? local.plus({ days: 1 }) : local;
  return endDay.set({ hour: Math.floor(end / 60), minute: end % 60, second: 0, millisecond: 0 }).toJSDate();
}
