import { payRuleInputSchema } from '@salon/contracts';
import { describe, expect, it } from 'vitest';
import { DEMO_PAY_RULES, demoShifts, lastPeriod } from './demo-payroll.js';

describe('the demo salon’s payroll data', () => {
  it('every demo rule is a valid rule', () => {
    for (const rules of Object.values(DEMO_PAY_RULES)) for (const r of rules) expect(() => payRuleInputSchema.parse(r)).not.toThrow();
  });

  it('shifts cover the weekdays of the three weeks before today, never today', () => {
    // Monday 23 November 2026, 09:00 Chicago: the walk's clock.
    const shifts = demoShifts(new Date('2026-11-23T15:00:00Z'), 'America/Chicago', ['Dana']);
    expect(shifts).toHaveLength(15);
    expect(shifts[0]!.workDate).toBe('2026-11-02');
    expect(shifts.at(-1)!.workDate).toBe('2026-11-20');
    expect(shifts.at(-1)!.clockOutAt.toISOString()).toBe('2026-11-21T04:00:00.000Z'); // Friday until 22:00
  });

  it('the last period is the two weeks before this one', () => {
    expect(lastPeriod(new Date('2026-11-23T15:00:00Z'), 'America/Chicago')).toEqual({ start: '2026-11-09', end: '2026-11-22' });
  });
});
