import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { afterQuietHours } from './quiet-hours.js';

const CHICAGO = 'America/Chicago';
const local = (iso: string) => DateTime.fromISO(iso, { zone: CHICAGO }).toJSDate();
const wall = (d: Date) => DateTime.fromJSDate(d, { zone: CHICAGO }).toFormat("yyyy-MM-dd'T'HH:mm ZZ");
const NIGHT = { start: '21:00', end: '08:00' };

describe('quiet hours in the location zone', () => {
  it('lets a daytime send go at once', () => {
    const at = local('2026-11-23T10:15');
    expect(afterQuietHours(at, CHICAGO, NIGHT)).toEqual(at);
    expect(afterQuietHours(local('2026-11-23T20:59'), CHICAGO, NIGHT)).toEqual(local('2026-11-23T20:59'));
  });

  it('holds a late-evening send until 08:00 the next morning, and an early one until 08:00 that day', () => {
    expect(wall(afterQuietHours(local('2026-11-23T21:00'), CHICAGO, NIGHT))).toBe('2026-11-24T08:00 -06:00');
    expect(wall(afterQuietHours(local('2026-11-24T05:30'), CHICAGO, NIGHT))).toBe('2026-11-24T08:00 -06:00');
  });

  it('keeps 08:00 wall time across the spring-forward night (8 real hours after 23:00, not 9)', () => {
    const out = afterQuietHours(local('2026-03-07T23:00'), CHICAGO, NIGHT);
    expect(wall(out)).toBe('2026-03-08T08:00 -05:00');
    expect((out.getTime() - local('2026-03-07T23:00').getTime()) / 3_600_000).toBe(8);
  });

  it('keeps 08:00 wall time across the fall-back night (11 real hours after 22:00, not 10)', () => {
    const from = local('2026-10-31T22:00');
    const out = afterQuietHours(from, CHICAGO, NIGHT);
    expect(wall(out)).toBe('2026-11-01T08:00 -06:00');
    expect((out.getTime() - from.getTime()) / 3_600_000).toBe(11);
  });

  it('reads the zone of the location, not the server: 22:00 in Chicago is quiet, the same instant is 20:00 in Los Angeles', () => {
    const at = local('2026-11-23T22:00');
    expect(afterQuietHours(at, 'America/Los_Angeles', NIGHT)).toEqual(at);
    expect(afterQuietHours(at, CHICAGO, NIGHT)).not.toEqual(at);
  });

  it('moves an end inside the spring-forward gap to the first real time after it', () => {
    const out = afterQuietHours(local('2026-03-08T01:00'), CHICAGO, { start: '00:00', end: '02:30' });
    expect(wall(out)).toBe('2026-03-08T03:30 -05:00');
  });

  it('handles quiet hours within one day and none at all', () => {
    expect(wall(afterQuietHours(local('2026-11-23T12:30'), CHICAGO, { start: '12:00', end: '13:00' }))).toBe('2026-11-23T13:00 -06:00');
    const at = local('2026-11-23T03:00');
    expect(afterQuietHours(at, CHICAGO, { start: '08:00', end: '08:00' })).toEqual(at);
  });
});
