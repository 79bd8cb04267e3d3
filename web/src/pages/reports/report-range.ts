import { addDays } from '../appointments/time-grid';

export interface DateRange {
  from: string;
  to: string;
}

export const PRESETS = ['today', 'last7', 'thisMonth', 'lastMonth'] as const;
export type Preset = (typeof PRESETS)[number];

export const PRESET_LABEL: Record<Preset, string> = {
  today: 'Today',
  last7: 'Last 7 days',
  thisMonth: 'This month',
  lastMonth: 'Last month',
};

/** A preset's local dates, counted from `today` (YYYY-MM-DD in the location's zone). */
export function presetRange(preset: Preset, today: string): DateRange {
  const month = today.slice(0, 7);
  switch (preset) {
    case 'today':
      return { from: today, to: today };
    case 'last7':
      return { from: addDays(today, -6), to: today };
    case 'thisMonth':
      return { from: `${month}-01`, to: today };
    case 'lastMonth': {
      const end = addDays(`${month}-01`, -1);
      return { from: `${end.slice(0, 7)}-01`, to: end };
    }
  }
}

/** Why a range cannot be asked for, or null (the service's own rule: to on or after from, at most 366 days). */
export function rangeProblem(r: DateRange): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(r.from) || !/^\d{4}-\d{2}-\d{2}$/.test(r.to)) return 'Choose both dates.';
  if (r.to < r.from) return 'The end date must be on or after the start date.';
  if ((Date.parse(r.to) - Date.parse(r.from)) / 86_400_000 + 1 > 366) return 'Choose at most 366 days.';
  return null;
}

/** 3333 basis points → "33.3%". */
export function formatBps(bps: number): string {
  return `${(bps / 100).toFixed(1)}%`;
}

/** The export's address for one section of the range. */
export function exportPath(section: string, r: DateRange, locationId: string | null): string {
  const q = new URLSearchParams({ section, from: r.from, to: r.to });
  if (locationId) q.set('locationId', locationId);
  return `/api/reports/export?${q.toString()}`;
}
