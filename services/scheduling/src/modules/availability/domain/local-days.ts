// Local calendar days of a location. Wall-clock → UTC goes through luxon only on the rare days whose
// UTC offset changes (DST); other days are one addition, which keeps findSlots fast.
import { DateTime } from 'luxon';
import type { IsoWeekday, WallTime } from './availability-types.js';

export interface LocalDay {
  /** 'YYYY-MM-DD' local. */
  date: string;
  weekday: IsoWeekday;
  year: number;
  month: number;
  day: number;
  /** UTC ms of local midnight and of the next local midnight (23 h or 25 h apart on DST days). */
  startMs: number;
  endMs: number;
  /** Offset (minutes) at midnight; valid for the whole day when `constantOffset`. */
  offsetMin: number;
  constantOffset: boolean;
  zone: string;
}

const MINUTE = 60_000;
const wallCache = new Map<string, number>();

/** 'HH:mm' → minutes after midnight; '24:00' → 1440. */
export function parseWallTime(value: WallTime): number {
  let m = wallCache.get(value);
  if (m === undefined) {
    const match = /^(\d{1,2}):(\d{2})$/.exec(value);
    if (!match) throw new RangeError(`Invalid wall time '${value}' (expected HH:mm)`);
    m = Number(match[1]) * 60 + Number(match[2]);
    if (m > 1440 || Number(match[2]) > 59) throw new RangeError(`Invalid wall time '${value}'`);
    wallCache.set(value, m);
  }
  return m;
}

function makeDay(dt: DateTime, zone: string): LocalDay {
  const next = dt.plus({ days: 1 });
  const startMs = dt.toMillis();
  const endMs = next.toMillis();
  return {
    date: dt.toISODate()!,
    weekday: dt.weekday as IsoWeekday,
    year: dt.year,
    month: dt.month,
    day: dt.day,
    startMs,
    endMs,
    offsetMin: dt.offset,
    constantOffset: dt.offset === next.offset && endMs - startMs === 1440 * MINUTE,
    zone,
  };
}

/** Every local day that intersects [fromMs, toMs). */
export function localDays(fromMs: number, toMs: number, zone: string): LocalDay[] {
  const days: LocalDay[] = [];
  let dt = DateTime.fromMillis(fromMs, { zone }).startOf('day');
  if (!dt.isValid) throw new RangeError(`Invalid time zone '${zone}'`);
  while (dt.toMillis() < toMs) {
    days.push(makeDay(dt, zone));
    dt = dt.plus({ days: 1 });
  }
  return days;
}

export function localDayOf(ms: number, zone: string): LocalDay {
  return makeDay(DateTime.fromMillis(ms, { zone }).startOf('day'), zone);
}

/**
 * UTC ms of a wall-clock minute on a local day. '09:00' on a DST Sunday is still 09:00 local.
 * A wall time in the skipped spring-forward hour moves forward (luxon's rule), as clocks do.
 */
export function wallToUtc(day: LocalDay, minutes: number): number {
  if (minutes >= 1440) return day.endMs;
  if (day.constantOffset) return day.startMs + minutes * MINUTE;
  return DateTime.fromObject(
    { year: day.year, month: day.month, day: day.day, hour: Math.floor(minutes / 60), minute: minutes % 60 },
    { zone: day.zone },
  ).toMillis();
}

/** Minutes after local midnight of a UTC instant inside `day` (counts wall clock, so 1:30 occurs twice in fall-back). */
export function localMinuteOfDay(day: LocalDay, ms: number): number {
  if (day.constantOffset) return Math.round((ms - day.startMs) / MINUTE);
  const dt = DateTime.fromMillis(ms, { zone: day.zone });
  return dt.hour * 60 + dt.minute;
}
