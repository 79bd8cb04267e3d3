import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { birthdayOccasion, clientLocationId, dailyRunPattern, localDay, nextBirthday, winBackOccasion } from './occasions.js';

const Z = 'America/Chicago';
const local = (iso: string) => DateTime.fromISO(iso, { zone: Z }).toJSDate();

describe('the location’s day', () => {
  it('reads the calendar day in the location’s zone, not UTC', () => {
    // 03:00 UTC on the 11th is still the evening of the 10th in Chicago.
    expect(localDay(new Date('2026-03-11T03:00:00Z'), Z)).toBe('2026-03-10');
    expect(localDay(new Date('2026-03-11T03:00:00Z'), 'UTC')).toBe('2026-03-11');
  });
  it('runs daily at 10:00 local', () => {
    expect(dailyRunPattern()).toBe('0 10 * * *');
  });
});

describe('birthday occasion', () => {
  it('is due on the day for a timing of 0, and names the birthday it is for', () => {
    expect(birthdayOccasion('1990-03-10', '2026-03-10', 0)).toBe('2026-03-10');
    expect(birthdayOccasion('1990-03-11', '2026-03-10', 0)).toBeNull();
    expect(birthdayOccasion('1990-03-09', '2026-03-10', 0)).toBeNull();
    expect(birthdayOccasion(null, '2026-03-10', 0)).toBeNull();
  });
  it('is due from N days before until the day (a missed run catches up), the same occasion each day', () => {
    expect(birthdayOccasion('1990-03-17', '2026-03-09', 7)).toBeNull();
    expect(birthdayOccasion('1990-03-17', '2026-03-10', 7)).toBe('2026-03-17');
    expect(birthdayOccasion('1990-03-17', '2026-03-12', 7)).toBe('2026-03-17');
    expect(birthdayOccasion('1990-03-17', '2026-03-17', 7)).toBe('2026-03-17');
    expect(birthdayOccasion('1990-03-17', '2026-03-18', 7)).toBeNull();
  });
  it('looks into next year at the end of December', () => {
    expect(birthdayOccasion('1990-01-02', '2026-12-30', 5)).toBe('2027-01-02');
  });
  it('keeps a 29 February birthday on 28 February in other years', () => {
    expect(nextBirthday('2000-02-29', '2026-02-01')).toBe('2026-02-28');
    expect(nextBirthday('2000-02-29', '2028-02-01')).toBe('2028-02-29');
    expect(birthdayOccasion('2000-02-29', '2026-02-28', 0)).toBe('2026-02-28');
  });
  it('ignores a birthday that is not a date', () => {
    expect(birthdayOccasion('not-a-date', '2026-03-10', 3)).toBeNull();
  });
});

describe('win-back occasion', () => {
  it('is due N calendar months after the last visit, keyed by that visit’s day', () => {
    const last = local('2025-12-10T17:00');
    expect(winBackOccasion(last, '2026-03-09', 3, Z, false)).toBeNull();
    expect(winBackOccasion(last, '2026-03-10', 3, Z, false)).toBe('2025-12-10');
    expect(winBackOccasion(last, '2026-05-01', 3, Z, false)).toBe('2025-12-10');
  });
  it('reads the visit’s day on the location’s calendar (an evening visit is not the next UTC day)', () => {
    // 2025-12-10 21:30 in Chicago is 2025-12-11 03:30 UTC.
    expect(winBackOccasion(local('2025-12-10T21:30'), '2026-03-10', 3, Z, false)).toBe('2025-12-10');
  });
  it('is never due for a client who never came, who has something booked, or for 0 months', () => {
    expect(winBackOccasion(null, '2026-03-10', 3, Z, false)).toBeNull();
    expect(winBackOccasion(local('2025-01-10T10:00'), '2026-03-10', 3, Z, true)).toBeNull();
    expect(winBackOccasion(local('2025-01-10T10:00'), '2026-03-10', 0, Z, false)).toBeNull();
  });
  it('makes a new occasion after a new visit', () => {
    expect(winBackOccasion(local('2026-04-02T10:00'), '2026-07-02', 3, Z, false)).toBe('2026-04-02');
  });
});

describe('the client’s location', () => {
  const locations = [
    { id: 'a', isDefault: false },
    { id: 'b', isDefault: true },
  ];
  it('is the preferred location, else the default one', () => {
    expect(clientLocationId('a', locations)).toBe('a');
    expect(clientLocationId(null, locations)).toBe('b');
    expect(clientLocationId('gone', locations)).toBe('b');
    expect(clientLocationId(null, [])).toBeNull();
  });
});
