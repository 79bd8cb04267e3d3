import { describe, expect, it } from 'vitest';
import { customAutomationVerdict, customDueAt, customSendKey, customTriggerStillHolds } from './custom-automation-rules.js';

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
    expect(customTriggerStillHolds('appointment-booked', 'confirmed')).toBe(true);
    expect(customTriggerStillHolds('appointment-booked', 'cancelled')).toBe(false);
    expect(customTriggerStillHolds('appointment-cancelled', 'cancelled')).toBe(true);
    expect(customTriggerStillHolds('appointment-completed', 'no-show')).toBe(false);
    expect(customTriggerStillHolds('appointment-no-show', null)).toBe(false);
  });

  it('one key per automation and appointment', () => {
    expect(customSendKey('a1', 'ap1')).toBe('custom:a1:ap1');
    expect(customSendKey('a1', 'ap1')).not.toBe(customSendKey('a2', 'ap1'));
  });
});
