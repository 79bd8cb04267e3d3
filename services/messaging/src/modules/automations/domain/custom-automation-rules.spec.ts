import { describe, expect, it } from 'vitest';
import type { CustomAutomationTrigger } from '@salon/contracts';
import {
  clientCreatedSendKey,
  customAutomationVerdict,
  customDueAt,
  customSendKey,
  customTriggerStillHolds,
  daysSinceVisitOccasion,
  daysSinceVisitSendKey,
} from './custom-automation-rules.js';

const rule = { enabled: true, serviceContains: null, firstVisitOnly: false };
const visit = { serviceName: 'Full Colour', earlierCompletedVisits: 0 };

describe('customAutomationVerdict', () => {
  it('matches any occurrence without conditions', () => {
    expect(customAutomationVerdict(rule, { serviceName: null, earlierCompletedVisits: 4 })).toEqual({ matches: true });
  });

  it('is off when turned off', () => {
    expect(customAutomationVerdict({ ...rule, enabled: false }, visit)).toEqual({ matches: false, reason: 'The automation is off' });
  });

  it('matches the service by a case-insensitive part of its name', () => {
    expect(customAutomationVerdict({ ...rule, serviceContains: ' colour ' }, visit)).toEqual({ matches: true });
    expect(customAutomationVerdict({ ...rule, serviceContains: 'cut' }, visit)).toEqual({
      matches: false,
      reason: 'The service is not a "cut" service',
    });
    expect(customAutomationVerdict({ ...rule, serviceContains: 'cut' }, { ...visit, serviceName: null }).matches).toBe(false);
  });

  it('first visit only: no completed visit before', () => {
    expect(customAutomationVerdict({ ...rule, firstVisitOnly: true }, visit)).toEqual({ matches: true });
    expect(customAutomationVerdict({ ...rule, firstVisitOnly: true }, { ...visit, earlierCompletedVisits: 1 })).toEqual({
      matches: false,
      reason: 'Not the client’s first visit',
    });
  });
});

describe('timing and idempotency', () => {
  const t = new Date('2026-03-08T06:00:00Z');
  it('is due the delay after the trigger, and never in the past', () => {
    expect(customDueAt(0, t, t)).toEqual(t);
    expect(customDueAt(48, t, t)).toEqual(new Date('2026-03-10T06:00:00Z'));
    expect(customDueAt(1, t, new Date('2026-03-09T00:00:00Z'))).toEqual(new Date('2026-03-09T00:00:00Z'));
  });

  it('the trigger still holds only in its own appointment states', () => {
    const holds = (trigger: CustomAutomationTrigger, appointmentStatus: string | null, hasUpcoming = false) =>
      customTriggerStillHolds(trigger, { appointmentStatus, hasUpcoming });
    expect(holds('appointment-booked', 'confirmed')).toBe(true);
    expect(holds('appointment-booked', 'cancelled')).toBe(false);
    expect(holds('appointment-cancelled', 'cancelled')).toBe(true);
    expect(holds('appointment-completed', 'no-show')).toBe(false);
    expect(holds('appointment-no-show', null)).toBe(false);
  });

  it('a client trigger holds without an appointment; days since the last visit only while nothing is booked', () => {
    expect(customTriggerStillHolds('client-created', { appointmentStatus: null, hasUpcoming: true })).toBe(true);
    expect(customTriggerStillHolds('days-since-last-visit', { appointmentStatus: null, hasUpcoming: false })).toBe(true);
    expect(customTriggerStillHolds('days-since-last-visit', { appointmentStatus: null, hasUpcoming: true })).toBe(false);
  });

  it('one key per automation and new client, and per automation, client and visit', () => {
    expect(clientCreatedSendKey('a1', 'c1')).toBe('custom:a1:client:c1');
    expect(daysSinceVisitSendKey('a1', 'c1', '2026-02-01')).toBe('custom:a1:c1:2026-02-01');
    expect(daysSinceVisitSendKey('a1', 'c1', '2026-02-01')).not.toBe(daysSinceVisitSendKey('a1', 'c1', '2026-03-01'));
  });

  it('one key per automation and appointment', () => {
    expect(customSendKey('a1', 'ap1')).toBe('custom:a1:ap1');
    expect(customSendKey('a1', 'ap1')).not.toBe(customSendKey('a2', 'ap1'));
  });
});

describe('daysSinceVisitOccasion', () => {
  const zone = 'America/Chicago';
  // 21:30 Chicago on 1 March is already 2 March in UTC: the visit's day is read on the location's calendar.
  const visit = new Date('2026-03-02T03:30:00Z');

  it('is the last visit’s local day from N days after it, for a week, while nothing is booked', () => {
    expect(daysSinceVisitOccasion(visit, '2026-03-30', 30, zone, false)).toBeNull();
    expect(daysSinceVisitOccasion(visit, '2026-03-31', 30, zone, false)).toBe('2026-03-01');
    expect(daysSinceVisitOccasion(visit, '2026-04-06', 30, zone, false)).toBe('2026-03-01');
    expect(daysSinceVisitOccasion(visit, '2026-04-07', 30, zone, false)).toBeNull();
    expect(daysSinceVisitOccasion(visit, '2026-03-31', 30, zone, true)).toBeNull();
  });

  it('counts calendar days across the DST change', () => {
    // 2026-03-08 is the spring-forward day in Chicago; 7 calendar days later is still the 15th.
    expect(daysSinceVisitOccasion(new Date('2026-03-08T15:00:00Z'), '2026-03-15', 7, zone, false)).toBe('2026-03-08');
    expect(daysSinceVisitOccasion(new Date('2026-03-08T15:00:00Z'), '2026-03-14', 7, zone, false)).toBeNull();
  });

  it('never visited: no occasion', () => {
    expect(daysSinceVisitOccasion(null, '2026-03-31', 30, zone, false)).toBeNull();
  });
});
