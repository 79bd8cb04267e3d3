import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { dueAt, rescheduledDueAt } from './automation-timing.js';

const Z = 'America/Chicago';
const local = (iso: string) => DateTime.fromISO(iso, { zone: Z }).toJSDate();
const now = local('2026-11-23T09:00');

describe('when an automation is due', () => {
  it('sends a 24-hour reminder 24 hours before the start', () => {
    expect(dueAt('reminder', 24, local('2026-11-25T10:00'), now, Z)).toEqual(local('2026-11-24T10:00'));
  });

  it('sends a late booking’s reminder at once, and none for an appointment already begun', () => {
    expect(dueAt('reminder', 24, local('2026-11-23T15:00'), now, Z)).toEqual(now);
    expect(dueAt('reminder', 24, local('2026-11-23T09:00'), now, Z)).toBeNull();
  });

  it('moves the reminder with the appointment, and drops it when the appointment moved into the past', () => {
    expect(rescheduledDueAt('reminder', 24, local('2026-11-27T14:00'), now, Z)).toEqual(local('2026-11-26T14:00'));
    expect(rescheduledDueAt('second-reminder', 2, local('2026-11-23T08:00'), now, Z)).toBeNull();
  });

  it('counts reminder hours in real time across DST', () => {
    // 2026-11-01 is the fall-back day: 24 real hours before Monday 10:00 CST is Sunday 10:00 CST.
    expect(dueAt('reminder', 24, local('2026-11-02T10:00'), local('2026-10-30T09:00'), Z)).toEqual(local('2026-11-01T10:00'));
    // 24 real hours before Sunday 10:00 CST (after fall-back) is Saturday 11:00 CDT.
    expect(
      DateTime.fromJSDate(dueAt('reminder', 24, local('2026-11-01T10:00'), local('2026-10-30T09:00'), Z)!, { zone: Z }).toFormat('HH:mm'),
    ).toBe('11:00');
  });

  it('sends follow-ups after the visit and a rebook nudge calendar weeks later at the same wall time', () => {
    expect(dueAt('thank-you', 2, local('2026-11-23T11:00'), now, Z)).toEqual(local('2026-11-23T13:00'));
    expect(dueAt('booking-confirmation', 0, local('2026-11-25T10:00'), now, Z)).toEqual(now);
    // Six weeks after a visit on 2026-02-10 10:00 CST crosses spring-forward: still 10:00 local.
    const nudge = dueAt('rebook', 6, local('2026-02-10T10:00'), local('2026-02-10T11:00'), Z)!;
    expect(DateTime.fromJSDate(nudge, { zone: Z }).toFormat("yyyy-MM-dd'T'HH:mm")).toBe('2026-03-24T10:00');
  });
});
