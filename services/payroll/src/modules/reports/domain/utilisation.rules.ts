import { datesBetween, rateBps } from './reports.rules.js';

/** One interval of a weekly schedule (scheduling.working-hours.changed.v1): wall times HH:mm, ISO weekday. */
export interface WeekInterval {
  weekday: number;
  start: string;
  end: string;
  kind: 'work' | 'break';
}

/** A person's week at a location from the local date it was published on (until the next one). */
export interface WeekVersion {
  staffId: string;
  locationId: string;
  effectiveDate: string;
  intervals: WeekInterval[];
}

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/**
 * Working minutes of one weekday: the union of its work intervals less the breaks that fall in
 * them (overlaps counted once; a break outside work takes nothing). Wall-clock minutes.
 */
export function workingMinutesOfDay(intervals: readonly WeekInterval[], weekday: number): number {
  const of = (kind: WeekInterval['kind']) =>
    intervals.filter((i) => i.weekday === weekday && i.kind === kind).map((i) => [minutesOf(i.start), minutesOf(i.end)] as const);
  const work = merged(of('work'));
  const breaks = merged(of('break'));
  let total = 0;
  for (const [s, e] of work) {
    total += e - s;
    for (const [bs, be] of breaks) total -= Math.max(0, Math.min(e, be) - Math.max(s, bs));
  }
  return total;
}

/** Intervals as a sorted list of disjoint ones (overlapping or touching ones joined). */
function merged(list: (readonly [number, number])[]): [number, number][] {
  const out: [number, number][] = [];
  for (const [s, e] of [...list].sort((a, b) => a[0] - b[0])) {
    const last = out[out.length - 1];
    if (last && s <= last[1]) last[1] = Math.max(last[1], e);
    else out.push([s, e]);
  }
  return out;
}

/** The week in force on a local date: the latest published on or before it (none before the first). */
export function weekInForce<V extends { effectiveDate: string }>(versions: readonly V[], date: string): V | null {
  let found: V | null = null;
  for (const v of versions) if (v.effectiveDate <= date && (!found || v.effectiveDate >= found.effectiveDate)) found = v;
  return found;
}

/** ISO weekday (Monday = 1) of a local date. */
export function weekdayOf(date: string): number {
  const d = new Date(`${date}T00:00:00Z`).getUTCDay();
  return d === 0 ? 7 : d;
}

/**
 * Each person's working minutes over the local dates from–to: on each date, the week in force at
 * each of their locations gives that weekday's minutes. Versions of all people and locations may
 * be mixed; they are grouped here.
 */
export function workingMinutesByStaff(versions: readonly WeekVersion[], from: string, to: string): Map<string, number> {
  const groups = new Map<string, WeekVersion[]>();
  for (const v of versions) {
    const key = `${v.staffId}|${v.locationId}`;
    groups.set(key, [...(groups.get(key) ?? []), v]);
  }
  const out = new Map<string, number>();
  const dates = datesBetween(from, to);
  for (const list of groups.values()) {
    const staffId = list[0]!.staffId;
    let minutes = 0;
    const memo = new Map<string, number>();
    for (const date of dates) {
      const week = weekInForce(list, date);
      if (!week) continue;
      const key = `${week.effectiveDate}|${weekdayOf(date)}`;
      if (!memo.has(key)) memo.set(key, workingMinutesOfDay(week.intervals, weekdayOf(date)));
      minutes += memo.get(key)!;
    }
    out.set(staffId, (out.get(staffId) ?? 0) + minutes);
  }
  return out;
}

/** Utilisation: booked over working minutes in basis points (0 without working hours; may pass 100 %). */
export function utilisationBps(bookedMinutes: number, workingMinutes: number): number {
  return rateBps(bookedMinutes, workingMinutes);
}
