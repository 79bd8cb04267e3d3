import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { followingOccurrences, MAX_SERIES_OCCURRENCES, planSeries, seriesDates } from './series-plan.js';

const TZ = 'America/Chicago';
const at = (iso: string) => DateTime.fromISO(iso, { zone: TZ }).toJSDate();
const local = (d: Date) => DateTime.fromJSDate(d, { zone: TZ }).toFormat('yyyy-MM-dd HH:mm');

describe('seriesDates', () => {
  it('keeps 10:00 local across the 2026-11-01 DST change (the UTC hour moves)', () => {
    const r = seriesDates({ start: at('2026-10-20T10:00'), everyWeeks: 1, count: 4, timeZone: TZ });
    if (!r.ok) throw new Error(r.message);
    expect(r.dates.map(local)).toEqual(['2026-10-20 10:00', '2026-10-27 10:00', '2026-11-03 10:00', '2026-11-10 10:00']);
    expect(r.dates.map((d) => d.getUTCHours())).toEqual([15, 15, 16, 16]);
  });

  it('until a local date includes that whole day; every N weeks', () => {
    const r = seriesDates({ start: at('2026-03-02T17:30'), everyWeeks: 2, until: '2026-03-30', timeZone: TZ });
    if (!r.ok) throw new Error(r.message);
    expect(r.dates.map(local)).toEqual(['2026-03-02 17:30', '2026-03-16 17:30', '2026-03-30 17:30']);
    expect(r.rule.count).toBe(3);
  });

  it('caps a series at 52 occurrences and names the field that is wrong', () => {
    expect(seriesDates({ start: at('2026-01-05T10:00'), everyWeeks: 1, count: MAX_SERIES_OCCURRENCES, timeZone: TZ })).toMatchObject({
      ok: true,
    });
    expect(seriesDates({ start: at('2026-01-05T10:00'), everyWeeks: 1, count: 53, timeZone: TZ })).toMatchObject({
      ok: false,
      field: 'count',
    });
    expect(seriesDates({ start: at('2026-01-05T10:00'), everyWeeks: 1, until: '2027-06-01', timeZone: TZ })).toMatchObject({
      ok: false,
      field: 'until',
    });
    expect(seriesDates({ start: at('2026-01-05T10:00'), everyWeeks: 1, timeZone: TZ })).toMatchObject({ ok: false, field: 'until' });
    expect(seriesDates({ start: at('2026-01-05T10:00'), everyWeeks: 0, count: 3, timeZone: TZ })).toMatchObject({
      ok: false,
      field: 'everyWeeks',
    });
    expect(seriesDates({ start: at('2026-01-05T10:00'), everyWeeks: 1, until: '2026-01-01', timeZone: TZ })).toMatchObject({
      ok: false,
      field: 'until',
    });
    expect(seriesDates({ start: at('2026-01-05T10:00'), everyWeeks: 1, until: 'soon', timeZone: TZ })).toMatchObject({
      ok: false,
      field: 'until',
    });
  });
});

describe('planSeries', () => {
  const occ = (ok: boolean, n: number) => ({ start: new Date(n), ok, value: n });

  it('all bookable → creates all, skips none', () => {
    expect(planSeries([occ(true, 1), occ(true, 2)], false)).toEqual({ ok: true, create: [occ(true, 1), occ(true, 2)], skipped: [] });
  });
  it('one refused without skipConflicts → nothing is created, every refused date listed', () => {
    expect(planSeries([occ(true, 1), occ(false, 2), occ(false, 3)], false)).toEqual({
      ok: false,
      conflicts: [occ(false, 2), occ(false, 3)],
    });
  });
  it('skipConflicts → the bookable ones, the refused reported as skipped', () => {
    expect(planSeries([occ(true, 1), occ(false, 2)], true)).toEqual({ ok: true, create: [occ(true, 1)], skipped: [occ(false, 2)] });
  });
  it('nothing bookable is refused even with skipConflicts', () => {
    expect(planSeries([occ(false, 1)], true)).toEqual({ ok: false, conflicts: [occ(false, 1)] });
  });
});

describe('followingOccurrences', () => {
  it('from the pivot on, only those still to come, in time order', () => {
    const list = [
      { id: 'c', startsAt: '2026-03-16T15:00:00Z', status: 'booked' as const },
      { id: 'a', startsAt: '2026-03-02T15:00:00Z', status: 'booked' as const },
      { id: 'b', startsAt: '2026-03-09T15:00:00Z', status: 'confirmed' as const },
      { id: 'd', startsAt: '2026-03-23T15:00:00Z', status: 'cancelled' as const },
      { id: 'e', startsAt: '2026-03-30T15:00:00Z', status: 'confirmed' as const },
    ];
    expect(followingOccurrences(list, '2026-03-09T15:00:00Z').map((a) => a.id)).toEqual(['b', 'c', 'e']);
  });
});
