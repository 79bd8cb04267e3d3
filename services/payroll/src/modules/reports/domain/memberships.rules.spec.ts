import { describe, expect, it } from 'vitest';
import { membershipsSummary, monthlyValueMinor, planAt, type Membership } from './memberships.rules.js';

const at = (iso: string) => new Date(iso);
const m = (id: string, plan: 'club' | 'annual' | 'old', started: string, cancelled: string | null = null): Membership => ({
  membershipId: id,
  planId: plan,
  planName: plan === 'club' ? 'Blowout Club' : plan === 'annual' ? 'Colour Care Annual' : null,
  priceMinor: plan === 'club' ? 7_900 : plan === 'annual' ? 89_000 : null,
  period: plan === 'club' ? 'month' : plan === 'annual' ? 'year' : null,
  startedAt: at(started),
  cancelledAt: cancelled ? at(cancelled) : null,
});

describe('monthlyValueMinor', () => {
  it('is the monthly price, a twelfth of a yearly one to the cent, nothing without a price', () => {
    expect(monthlyValueMinor({ priceMinor: 7_900, period: 'month' })).toBe(7_900);
    expect(monthlyValueMinor({ priceMinor: 89_000, period: 'year' })).toBe(7_417);
    expect(monthlyValueMinor({ priceMinor: null, period: null })).toBe(0);
  });
});

describe('membershipsSummary', () => {
  const start = at('2026-11-01T05:00:00Z');
  const end = at('2026-12-01T06:00:00Z');
  const list = [
    m('1', 'club', '2026-09-01T15:00:00Z'),
    m('2', 'club', '2026-10-01T15:00:00Z', '2026-11-15T15:00:00Z'),
    m('3', 'annual', '2026-10-10T15:00:00Z'),
    m('4', 'club', '2026-11-05T15:00:00Z'),
    m('5', 'old', '2026-08-01T15:00:00Z', '2026-10-20T15:00:00Z'),
    m('6', 'club', '2026-12-02T15:00:00Z'),
    m('7', 'annual', '2026-11-20T15:00:00Z', '2026-11-25T15:00:00Z'),
  ];

  it('counts MRR of the members at the end, by plan, and churn over those at the start', () => {
    expect(membershipsSummary(list, start, end)).toEqual({
      active: 3,
      mrrMinor: 7_900 * 2 + 7_417,
      activeAtStart: 3,
      started: 2,
      cancelled: 2,
      churnBps: 6_667,
      byPlan: [
        { key: 'club', label: 'Blowout Club', count: 2, amountMinor: 15_800 },
        { key: 'annual', label: 'Colour Care Annual', count: 1, amountMinor: 7_417 },
      ],
    });
  });

  it('has no churn without members at the start', () => {
    expect(membershipsSummary([], start, end)).toMatchObject({ active: 0, mrrMinor: 0, churnBps: 0, byPlan: [] });
  });
});

describe('a membership moved to another plan', () => {
  const moved: Membership = {
    ...m('1', 'club', '2026-09-01T15:00:00Z'),
    planChanges: [{ at: at('2026-11-10T15:00:00Z'), planId: 'annual', planName: 'Colour Care Annual', priceMinor: 89_000, period: 'year' }],
  };

  it('counts at the plan it was on at the range’s end: the old one before the change, the new one after', () => {
    expect(planAt(moved, at('2026-11-10T15:00:00Z')).planId).toBe('club');
    expect(planAt(moved, at('2026-11-10T15:00:01Z')).planId).toBe('annual');
    const before = membershipsSummary([moved], at('2026-10-01T05:00:00Z'), at('2026-11-01T05:00:00Z'));
    expect(before.byPlan).toEqual([{ key: 'club', label: 'Blowout Club', count: 1, amountMinor: 7_900 }]);
    const after = membershipsSummary([moved], at('2026-11-01T05:00:00Z'), at('2026-12-01T06:00:00Z'));
    expect(after).toMatchObject({ active: 1, mrrMinor: 7_417, started: 0, cancelled: 0 });
    expect(after.byPlan).toEqual([{ key: 'annual', label: 'Colour Care Annual', count: 1, amountMinor: 7_417 }]);
  });

  it('takes the latest of several changes, whatever order they were told in', () => {
    const twice: Membership = {
      ...moved,
      planChanges: [
        { at: at('2026-11-20T15:00:00Z'), planId: 'gold', planName: 'Gold', priceMinor: 12_000, period: 'month' },
        ...moved.planChanges!,
      ],
    };
    expect(membershipsSummary([twice], at('2026-11-01T05:00:00Z'), at('2026-12-01T06:00:00Z')).mrrMinor).toBe(12_000);
  });
});
