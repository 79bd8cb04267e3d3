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
  for (let day = localDayOf(fromMs, zone); day.startMs < toMs; day = localDayOf(day.endMs, zone)) days.push(day);
  return days;
}

// luxon's startOf/plus cost ~80 µs; the calendar's shading asks for the same few days hundreds of
// times. Days are immutable facts of (zone, instant), so a bounded memo is safe.
const dayMemo = new Map<string, LocalDay[]>();
const UTC_DAY = 1440 * MINUTE;

export function localDayOf(ms: number, zone: string): LocalDay {
  const key = `${zone}|${Math.floor(ms / UTC_DAY)}`;
  const hit = dayMemo.get(key)?.find((d) => d.startMs <= ms && ms < d.endMs);
  if (hit) return hit;
  const dt = DateTime.fromMillis(ms, { zone }).startOf('day');
  if (!dt.isValid) throw new RangeError(`Invalid time zone '${zone}'`);
  const day = makeDay(dt, zone);
  if (dayMemo.size > 4096) dayMemo.clear();
  // Filed under every UTC day it overlaps, so any instant of it finds it.
  for (let k = Math.floor(day.startMs / UTC_DAY); k <= Math.floor((day.endMs - 1) / UTC_DAY); k++) {
    const list = dayMemo.get(`${zone}|${k}`) ?? [];
    list.push(day);
    dayMemo.set(`${zone}|${k}`, list);
  }
  return day;
}

/**
 * UTC ms of a wall-clock minute on a local day. '09:00' on a DST Sunday is still 09:00 local.
 * A wall time in the skipped spring-forward hour moves forward (luxon's rule), as clocks do.
 */
export function wallToUtc(day: LocalDay, minutes: number): number {
  if (minutes >= 1440) return day.endMs;
  if (day.constantOffset) return day.startMs + minutes * MINUTE;
  // DST days: luxon resolves the offset through Intl (tens of µs); a day has few distinct wall times.
  const key = `${day.zone}|${day.date}|${minutes}`;
  let ms = dstWallMemo.get(key);
  if (ms === undefined) {
    ms = DateTime.fromObject(
      { year: day.year, month: day.month, day: day.day, hour: Math.floor(minutes / 60), minute: minutes % 60 },
      { zone: day.zone },
    ).toMillis();
    if (dstWallMemo.size > 4096) dstWallMemo.clear();
    dstWallMemo.set(key, ms);
  }
  return ms;
}

const dstWallMemo = new Map<string, number>();

/** Minutes after local midnight of a UTC instant inside `day` (counts wall clock, so 1:30 occurs twice in fall-back). */
export function localMinuteOfDay(day: LocalDay, ms: number): number {
  if (day.constantOffset) return Math.round((ms - day.startMs) / MINUTE);
  const dt = DateTime.fromMillis(ms, { zone: day.zone });
  return dt.hour * 60 + dt.minute;
}
