import { describe, expect, it } from 'vitest';
import { bestDiscount, bookingHorizon, memberDiscounts, type MemberPlan } from './member-benefits.rules.js';

const NOW = new Date('2026-05-10T15:00:00Z');
const LATER = new Date('2026-06-01T00:00:00Z');
const plan = (over: Partial<MemberPlan> = {}): MemberPlan => ({
  id: 'm1',
  planName: 'Gold Club',
  kind: 'membership',
  status: 'active',
  discountBps: 1000,
  periodEnd: LATER,
  ...over,
});

const lines = [
  { id: 'cut', kind: 'service', hasDiscount: false, grossMinor: 6000 },
  { id: 'shampoo', kind: 'product', hasDiscount: false, grossMinor: 2400 },
  { id: 'colour', kind: 'service', hasDiscount: true, grossMinor: 9000 },
  { id: 'card', kind: 'gift_card', hasDiscount: false, grossMinor: 5000 },
  { id: 'fee', kind: 'fee', hasDiscount: false, grossMinor: 500 },
  { id: 'blowout', kind: 'service', hasDiscount: false, grossMinor: 4000 },
] as const;

describe('memberDiscounts', () => {
  it('discounts services and products without a discount of their own, not covered by a credit, with the reason', () => {
    expect(memberDiscounts(lines, [plan()], ['blowout'], NOW)).toEqual([
      { lineId: 'cut', bps: 1000, reason: 'Member discount: Gold Club 10%' },
      { lineId: 'shampoo', bps: 1000, reason: 'Member discount: Gold Club 10%' },
    ]);
  });

  it.each<[string, MemberPlan[], number | null]>([
    ['no membership', [], null],
    ['a paused membership (benefits held)', [plan({ status: 'paused' })], null],
    ['a past-due membership (benefits suspended)', [plan({ status: 'past_due' })], null],
    ['a cancelled membership', [plan({ status: 'cancelled' })], null],
    ['a period that has ended', [plan({ periodEnd: NOW })], null],
    ['a package (no standing discount)', [plan({ kind: 'package' })], null],
    ['a plan without a discount', [plan({ discountBps: 0 })], null],
    ['the best of two', [plan({ id: 'a', discountBps: 500 }), plan({ id: 'b', discountBps: 1500, planName: 'Platinum' })], 1500],
    ['a paused better one loses to a live one', [plan({ id: 'a', discountBps: 2000, status: 'paused' }), plan({ id: 'b' })], 1000],
  ])('%s', (_, held, bps) => {
    expect(bestDiscount(held, NOW)?.discountBps ?? null).toBe(bps);
    expect(memberDiscounts(lines, held, [], NOW).map((d) => d.bps)).toEqual(bps === null ? [] : [bps, bps, bps]);
  });

  it('writes a fractional percentage as the plan has it', () => {
    expect(memberDiscounts([lines[0]], [plan({ discountBps: 1250 })], [], NOW)[0]!.reason).toBe('Member discount: Gold Club 12.5%');
  });
});

describe('bookingHorizon', () => {
  it.each<[string, { priorityDays: number } | null, string]>([
    ['a client: the location window, to the end of the local day', null, '2026-06-10T04:59:59.999Z'],
    ['a member: seven priority days more', { priorityDays: 7 }, '2026-06-17T04:59:59.999Z'],
    ['a negative priority is none', { priorityDays: -3 }, '2026-06-10T04:59:59.999Z'],
  ])('%s', (_, member, expected) => {
    expect(bookingHorizon(NOW, 'America/Chicago', 30, member).toISOString()).toBe(expected);
  });
});
