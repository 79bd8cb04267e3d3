import { describe, expect, it } from 'vitest';
import { applyChange, priorityDaysOf, type MemberWindow } from './member-window.rules.js';

const NOW = new Date('2026-11-24T12:00:00Z');
const LATER = new Date('2026-12-24T12:00:00Z');
const w = (o: Partial<MemberWindow> = {}): MemberWindow => ({
  membershipId: 'm1',
  clientId: 'c1',
  status: 'active',
  priorityDays: 14,
  periodEnd: LATER,
  lastEventAt: NOW,
  ...o,
});

describe('the priority booking window', () => {
  it.each([
    ['a non-member', [], 0],
    ['a live member', [w()], 14],
    ['the best of two live memberships', [w(), w({ membershipId: 'm2', priorityDays: 30 })], 30],
    ['a paused member', [w({ status: 'paused' })], 0],
    ['a cancelled member', [w({ status: 'cancelled' })], 0],
    ['a period that ended (not renewed)', [w({ periodEnd: new Date('2026-11-24T11:59:59Z') })], 0],
    ['a plan without priority days', [w({ priorityDays: 0 })], 0],
  ] as const)('%s', (_case, windows, days) => {
    expect(priorityDaysOf(windows, NOW)).toBe(days);
  });
});

describe("the projection of retail's membership events", () => {
  const at = (min: number) => new Date(NOW.getTime() + min * 60_000);
  it('started, paused, resumed, cancelled', () => {
    let row = applyChange(null, { kind: 'started', membershipId: 'm1', clientId: 'c1', periodEnd: LATER, priorityDays: 14, at: at(1) })!;
    expect(row).toMatchObject({ status: 'active', priorityDays: 14, periodEnd: LATER });
    row = applyChange(row, { kind: 'paused', membershipId: 'm1', clientId: 'c1', periodEnd: null, at: at(2) })!;
    expect(row).toMatchObject({ status: 'paused', priorityDays: 14, periodEnd: LATER });
    row = applyChange(row, { kind: 'resumed', membershipId: 'm1', clientId: 'c1', periodEnd: LATER, at: at(3) })!;
    expect(priorityDaysOf([row], NOW)).toBe(14);
    row = applyChange(row, { kind: 'cancelled', membershipId: 'm1', clientId: 'c1', at: at(4) })!;
    expect(priorityDaysOf([row], NOW)).toBe(0);
  });

  it('billing: past due suspends the window, a paid renewal brings it back to the new period, a plan change its days', () => {
    const NEXT = new Date('2027-01-24T12:00:00Z');
    let row = applyChange(w({ lastEventAt: at(0) }), { kind: 'past_due', membershipId: 'm1', clientId: 'c1', at: at(1) })!;
    expect(priorityDaysOf([row], NOW)).toBe(0);
    row = applyChange(row, { kind: 'renewed', membershipId: 'm1', clientId: 'c1', periodEnd: NEXT, at: at(2) })!;
    expect(row).toMatchObject({ status: 'active', periodEnd: NEXT });
    // Still live after the first period's end.
    expect(priorityDaysOf([row], new Date(LATER.getTime() + 1000))).toBe(14);
    row = applyChange(row, { kind: 'plan_changed', membershipId: 'm1', clientId: 'c1', priorityDays: 30, at: at(3) })!;
    expect(priorityDaysOf([row], NOW)).toBe(30);
    row = applyChange(row, { kind: 'cancelled', membershipId: 'm1', clientId: 'c1', at: at(4) })!;
    // A late renewal of a cancelled membership does not bring it back.
    row = applyChange(row, { kind: 'renewed', membershipId: 'm1', clientId: 'c1', periodEnd: NEXT, at: at(5) })!;
    expect(row.status).toBe('cancelled');
  });

  it('an older or repeated event changes nothing', () => {
    const row = w({ status: 'cancelled', lastEventAt: at(5) });
    expect(applyChange(row, { kind: 'resumed', membershipId: 'm1', clientId: 'c1', periodEnd: LATER, at: at(4) })).toBeNull();
    expect(applyChange(row, { kind: 'cancelled', membershipId: 'm1', clientId: 'c1', at: at(5) })).toBeNull();
  });
});
