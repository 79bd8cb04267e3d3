import { parseHHMM, zonedToUtc } from './time-grid';

/** The blocked interval for the engine, or the field that is wrong. Pure. */
export function blockInterval(
  date: string,
  from: string,
  until: string,
): { ok: true; startsAt: string; endsAt: string } | { ok: false; field: 'from' | 'until'; message: string } {
  if (!/^\d{2}:\d{2}$/.test(from)) return { ok: false, field: 'from', message: 'From: give a time' };
  if (!/^\d{2}:\d{2}$/.test(until)) return { ok: false, field: 'until', message: 'Until: give a time' };
  const s = parseHHMM(from);
  const e = parseHHMM(until);
  if (e <= s) return { ok: false, field: 'until', message: 'Until must be after From' };
  return { ok: true, startsAt: zonedToUtc(date, s).toISOString(), endsAt: zonedToUtc(date, e).toISOString() };
}
