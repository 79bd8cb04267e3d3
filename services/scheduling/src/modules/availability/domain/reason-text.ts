// Human text for reasons, in the location's zone. 12-hour en-US ("3:30 PM", "6 PM"), written by
// hand rather than Intl so the text is identical on every Node/ICU build.
import { DateTime } from 'luxon';
import { localDayOf } from './local-days.js';

export function formatClock(ms: number, zone: string): string {
  // The wall clock from the (memoized) local day: luxon's zone lookup per call dominated the calendar's shading.
  const day = localDayOf(ms, zone);
  const wall = day.constantOffset
    ? { hour: Math.floor((ms - day.startMs) / 3_600_000), minute: Math.floor((ms - day.startMs) / 60_000) % 60 }
    : DateTime.fromMillis(ms, { zone });
  const h = wall.hour % 12 === 0 ? 12 : wall.hour % 12;
  const suffix = wall.hour < 12 ? 'AM' : 'PM';
  return wall.minute === 0 ? `${h} ${suffix}` : `${h}:${String(wall.minute).padStart(2, '0')} ${suffix}`;
}

const WEEKDAYS = ['', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
const MONTHS = ['', 'Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * "3:30 PM" on the same local day as `refMs`, else "Tue, Mar 10, 3:30 PM". From the memoized local
 * days: luxon's zone arithmetic here was a third of a refused booking's engine time.
 */
export function formatUntil(ms: number, refMs: number, zone: string): string {
  if (!Number.isFinite(ms)) return 'further notice';
  const day = localDayOf(ms, zone);
  if (day.startMs === localDayOf(refMs, zone).startMs) return formatClock(ms, zone);
  return `${WEEKDAYS[day.weekday]}, ${MONTHS[day.month]} ${day.day}, ${formatClock(ms, zone)}`;
}

export function formatDuration(minutes: number): string {
  const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;
  if (minutes % 1440 === 0 && minutes > 0) return plural(minutes / 1440, 'day');
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (h === 0) return plural(m, 'minute');
  return m === 0 ? plural(h, 'hour') : `${plural(h, 'hour')} ${plural(m, 'minute')}`;
}

export const withLabel = (text: string, label: string | undefined, skip?: string): string =>
  label && label.trim() && label.trim().toLowerCase() !== skip ? `${text} (${label.trim()})` : text;
