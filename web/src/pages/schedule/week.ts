/** Weekly working hours: editing state and checks. Pure. Weekday 1 = Monday … 7 = Sunday. */
export type IntervalKind = 'work' | 'break';

export interface Interval {
  weekday: number;
  start: string;
  end: string;
  kind: IntervalKind;
  label?: string | null;
}

export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
export const WEEKDAY_NAMES = ['', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

const TIME = /^([01]\d|2[0-3]):[0-5]\d$|^24:00$/;

export function isWallTime(t: string): boolean {
  return TIME.test(t);
}

/** Why a range is wrong, or null. */
export function rangeError(start: string, end: string): string | null {
  if (!isWallTime(start) || !isWallTime(end)) return 'Use HH:mm times';
  if (start >= end) return 'End must be after start';
  return null;
}

/** '09:00' → '9:00 AM'; '24:00' → '12:00 AM'. */
export function formatWallTime(t: string): string {
  const [h, m] = t.split(':').map(Number);
  const hh = h % 24;
  return `${hh % 12 === 0 ? 12 : hh % 12}:${String(m).padStart(2, '0')} ${hh < 12 ? 'AM' : 'PM'}`;
}

export type WeekAction =
  | { type: 'reset'; intervals: Interval[] }
  | { type: 'add'; weekday: number; kind: IntervalKind }
  | { type: 'update'; index: number; patch: Partial<Pick<Interval, 'start' | 'end' | 'label'>> }
  | { type: 'remove'; index: number }
  | { type: 'copy-to-all'; weekday: number };

export function sortIntervals(list: Interval[]): Interval[] {
  return [...list].sort(
    (a, b) => a.weekday - b.weekday || (a.kind === b.kind ? 0 : a.kind === 'work' ? -1 : 1) || a.start.localeCompare(b.start),
  );
}

/** Sensible default for a new range: after the day's last one. */
function nextRange(list: Interval[], weekday: number, kind: IntervalKind): { start: string; end: string } {
  if (kind === 'break') return { start: '12:00', end: '13:00' };
  const same = list.filter((i) => i.weekday === weekday && i.kind === 'work');
  if (!same.length) return { start: '09:00', end: '17:00' };
  const lastEnd = same
    .map((i) => i.end)
    .sort()
    .pop()!;
  const h = Math.min(23, Number(lastEnd.slice(0, 2)) + 1);
  const start = `${String(h).padStart(2, '0')}:00`;
  return { start, end: h >= 23 ? '24:00' : `${String(Math.min(h + 2, 24)).padStart(2, '0')}:00` };
}

export function weekReducer(state: Interval[], action: WeekAction): Interval[] {
  switch (action.type) {
    case 'reset':
      return action.intervals.map((i) => ({ weekday: i.weekday, start: i.start, end: i.end, kind: i.kind, label: i.label ?? null }));
    case 'add':
      return [...state, { weekday: action.weekday, kind: action.kind, label: null, ...nextRange(state, action.weekday, action.kind) }];
    case 'update':
      return state.map((i, n) => (n === action.index ? { ...i, ...action.patch } : i));
    case 'remove':
      return state.filter((_, n) => n !== action.index);
    case 'copy-to-all': {
      const source = state.filter((i) => i.weekday === action.weekday);
      return sortIntervals([
        ...source,
        ...WEEKDAYS.filter((d) => d !== action.weekday).flatMap((d) => source.map((i) => ({ ...i, weekday: d }))),
      ]);
    }
  }
}

/** Errors by interval index: bad ranges, overlapping work, breaks outside work. */
export function weekErrors(list: Interval[]): Record<number, string> {
  const errors: Record<number, string> = {};
  list.forEach((i, n) => {
    const e = rangeError(i.start, i.end);
    if (e) errors[n] = e;
  });
  for (const d of WEEKDAYS) {
    const idx = list.map((i, n) => ({ i, n })).filter(({ i }) => i.weekday === d);
    const work = idx.filter(({ i, n }) => i.kind === 'work' && !errors[n]);
    for (let a = 0; a < work.length; a++)
      for (let b = a + 1; b < work.length; b++)
        if (work[a].i.start < work[b].i.end && work[b].i.start < work[a].i.end) errors[work[b].n] = 'Overlaps another working range';
    for (const { i, n } of idx.filter(({ i, n }) => i.kind === 'break' && !errors[n])) {
      if (!work.some(({ i: w }) => w.start <= i.start && i.end <= w.end)) errors[n] = 'Break must fall inside working hours';
    }
  }
  return errors;
}

/** Total working minutes of a day (breaks taken out). */
export function dayMinutes(list: Interval[], weekday: number): number {
  const mins = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));
  return list
    .filter((i) => i.weekday === weekday)
    .reduce((sum, i) => sum + (i.kind === 'work' ? 1 : -1) * Math.max(0, mins(i.end) - mins(i.start)), 0);
}
