/** Time-grid math in the location's time zone (Intl only). Dates are 'YYYY-MM-DD' wall dates. Pure. */
export const LOCATION_TIME_ZONE = 'America/Chicago';
export const SLOT_MIN = 15;
export const DEFAULT_START_MIN = 8 * 60;
export const DEFAULT_END_MIN = 20 * 60;

const fmtCache = new Map<string, Intl.DateTimeFormat>();
function partsFmt(tz: string): Intl.DateTimeFormat {
  let f = fmtCache.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: tz,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    fmtCache.set(tz, f);
  }
  return f;
}

export interface ZonedParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

export function zonedParts(d: Date, tz = LOCATION_TIME_ZONE): ZonedParts {
  const p: Record<string, number> = {};
  for (const x of partsFmt(tz).formatToParts(d)) if (x.type !== 'literal') p[x.type] = Number(x.value);
  return { year: p.year, month: p.month, day: p.day, hour: p.hour % 24, minute: p.minute, second: p.second };
}

/** Offset of the zone from UTC at that instant, in minutes (Chicago: -300 or -360). */
export function zoneOffsetMin(d: Date, tz = LOCATION_TIME_ZONE): number {
  const p = zonedParts(d, tz);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return Math.round((asUtc - Math.floor(d.getTime() / 1000) * 1000) / 60000);
}

function parseDate(date: string): [number, number, number] {
  const [y, m, d] = date.split('-').map(Number);
  return [y, m, d];
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** The instant at `minutes` after local midnight of `date` in the zone. */
export function zonedToUtc(date: string, minutes: number, tz = LOCATION_TIME_ZONE): Date {
  const [y, m, d] = parseDate(date);
  const guess = Date.UTC(y, m - 1, d, 0, minutes);
  let t = guess - zoneOffsetMin(new Date(guess), tz) * 60000;
  const off2 = zoneOffsetMin(new Date(t), tz);
  t = guess - off2 * 60000;
  return new Date(t);
}

/** 'YYYY-MM-DD' of the instant in the zone. */
export function zonedDate(d: Date, tz = LOCATION_TIME_ZONE): string {
  const p = zonedParts(d, tz);
  return `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)}`;
}

/** Minutes since local midnight of `date` (may be <0 or >=1440 for other days). */
export function minutesInDay(d: Date, date: string, tz = LOCATION_TIME_ZONE): number {
  return Math.round((d.getTime() - zonedToUtc(date, 0, tz).getTime()) / 60000);
}

export function todayIn(tz = LOCATION_TIME_ZONE, now = new Date()): string {
  return zonedDate(now, tz);
}

export function addDays(date: string, n: number): string {
  const [y, m, d] = parseDate(date);
  const t = new Date(Date.UTC(y, m - 1, d + n));
  return `${pad(t.getUTCFullYear(), 4)}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())}`;
}

/** ISO weekday of a wall date: Monday 1 … Sunday 7 (the working-hours convention). */
export function isoWeekday(date: string): number {
  const [y, m, d] = parseDate(date);
  const w = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
  return w === 0 ? 7 : w;
}

/** Monday of the week containing `date`. */
export function weekStart(date: string): string {
  return addDays(date, 1 - isoWeekday(date));
}

export function isValidDate(s: string | null | undefined): s is string {
  if (!s || !/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  return addDays(s, 0) === s;
}

/** [from, to) instants of a run of whole local days. */
export function dayRange(date: string, days = 1, tz = LOCATION_TIME_ZONE): { from: Date; to: Date } {
  return { from: zonedToUtc(date, 0, tz), to: zonedToUtc(addDays(date, days), 0, tz) };
}

/** '09:30' → 570; '24:00' → 1440. */
export function parseHHMM(s: string): number {
  const [h, m] = s.split(':').map(Number);
  return h * 60 + (m || 0);
}

/** 570 → '0930' (test ids). */
export function compactHHMM(min: number): string {
  return `${pad(Math.floor(min / 60))}${pad(min % 60)}`;
}

/** 570 → '09:30' (time inputs). */
export function colonHHMM(min: number): string {
  return `${pad(Math.floor(min / 60))}:${pad(min % 60)}`;
}

/** 570 → '9:30 AM'. */
export function label12(min: number): string {
  const h = Math.floor(min / 60) % 24;
  const m = min % 60;
  return `${h % 12 === 0 ? 12 : h % 12}:${pad(m)} ${h < 12 ? 'AM' : 'PM'}`;
}

export function snapMinutes(min: number, step = SLOT_MIN): number {
  return Math.round(min / step) * step;
}

export function clamp(n: number, lo: number, hi: number): number {
  return Math.min(hi, Math.max(lo, n));
}

/** Slot starts from start (inclusive) to end (exclusive). */
export function slotStarts(startMin: number, endMin: number, step = SLOT_MIN): number[] {
  const out: number[] = [];
  for (let t = startMin; t < endMin; t += step) out.push(t);
  return out;
}

export interface WorkingHoursRow {
  staffId: string;
  locationId?: string;
  weekday: number;
  start: string;
  end: string;
  kind: 'work' | 'break';
  label?: string | null;
}
export interface Interval {
  start: number;
  end: number;
}

/** Work intervals of one staff member on a weekday, minus breaks, sorted. */
export function workIntervals(rows: readonly WorkingHoursRow[], staffId: string, weekday: number): Interval[] {
  const mine = rows.filter((r) => r.staffId === staffId && r.weekday === weekday);
  let work: Interval[] = mine.filter((r) => r.kind === 'work').map((r) => ({ start: parseHHMM(r.start), end: parseHHMM(r.end) }));
  for (const b of mine.filter((r) => r.kind === 'break')) {
    const bs = parseHHMM(b.start);
    const be = parseHHMM(b.end);
    work = work.flatMap((w) => {
      if (be <= w.start || bs >= w.end) return [w];
      const out: Interval[] = [];
      if (bs > w.start) out.push({ start: w.start, end: bs });
      if (be < w.end) out.push({ start: be, end: w.end });
      return out;
    });
  }
  return work.sort((a, b) => a.start - b.start);
}

/** Staff who work on the weekday, in first-seen order. */
export function workingStaffIds(rows: readonly WorkingHoursRow[], weekday: number): string[] {
  const ids: string[] = [];
  for (const r of rows) if (r.weekday === weekday && r.kind === 'work' && !ids.includes(r.staffId)) ids.push(r.staffId);
  return ids;
}

/** Earliest start to latest end of work that weekday, snapped outward to the slot; default 8 AM–8 PM. */
export function gridBounds(rows: readonly WorkingHoursRow[], weekday: number, extra: readonly Interval[] = []): Interval {
  const work = rows
    .filter((r) => r.weekday === weekday && r.kind === 'work')
    .map((r) => ({ start: parseHHMM(r.start), end: parseHHMM(r.end) }));
  if (!work.length && !extra.length) return { start: DEFAULT_START_MIN, end: DEFAULT_END_MIN };
  const all = [...work, ...extra];
  let start = Math.min(...all.map((w) => w.start));
  let end = Math.max(...all.map((w) => w.end));
  if (!work.length) {
    start = Math.min(start, DEFAULT_START_MIN);
    end = Math.max(end, DEFAULT_END_MIN);
  }
  start = clamp(Math.floor(start / SLOT_MIN) * SLOT_MIN, 0, 1440);
  end = clamp(Math.ceil(end / SLOT_MIN) * SLOT_MIN, start + SLOT_MIN, 1440);
  return { start, end };
}

export function isWorking(intervals: readonly Interval[], slotStart: number, step = SLOT_MIN): boolean {
  return intervals.some((w) => slotStart >= w.start && slotStart + step <= w.end);
}
