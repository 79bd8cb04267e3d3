import { describe, expect, it } from 'vitest';
import {
  creditRefundRefusal,
  creditRefusal,
  membershipTransition,
  packageStatus,
  periodEndOf,
  type HeldPrepaid,
  type MembershipEvent,
} from './memberships.rules.js';

const NOW = new Date('2026-03-10T15:00:00Z');
const START = new Date('2026-03-01T00:00:00Z');
const END = new Date('2026-04-01T00:00:00Z');

const membership = (over: Partial<HeldPrepaid> = {}): HeldPrepaid => ({
  kind: 'membership',
  status: 'active',
  creditsLeft: 1,
  creditsPerPeriod: 2,
  serviceIds: [],
  periodStart: START,
  periodEnd: END,
  cancelAtPeriodEnd: false,
  ...over,
});

describe('membership state machine', () => {
  it.each<[string, Partial<HeldPrepaid>, MembershipEvent, Partial<HeldPrepaid> | string]>([
    ['pause an active one', {}, { type: 'pause' }, { status: 'paused', creditsLeft: 1 }],
    ['resume a paused one', { status: 'paused' }, { type: 'resume' }, { status: 'active' }],
    ['pause a paused one', { status: 'paused' }, { type: 'pause' }, 'Only an active membership can be paused; this one is paused'],
    ['resume an active one', {}, { type: 'resume' }, 'Only a paused membership can be resumed; this one is active'],
    ['a renewal fails', {}, { type: 'renewal_failed' }, { status: 'past_due', creditsLeft: 1 }],
    [
      'then succeeds: next period, credits reset',
      { status: 'past_due' },
      { type: 'renewal_succeeded', period: 'month' },
      { status: 'active', creditsLeft: 2, periodStart: END, periodEnd: new Date('2026-05-01T00:00:00Z') },
    ],
    ['a yearly renewal', {}, { type: 'renewal_succeeded', period: 'year' }, { periodEnd: new Date('2027-04-01T00:00:00Z') }],
    [
      'a renewal billed by Stripe takes the invoice period',
      { status: 'past_due' },
      { type: 'renewal_succeeded', period: 'month', billed: { start: END, end: new Date('2026-04-30T00:00:00Z') } },
      { status: 'active', creditsLeft: 2, periodStart: END, periodEnd: new Date('2026-04-30T00:00:00Z') },
    ],
    ['cancel now', {}, { type: 'cancel', when: 'now' }, { status: 'cancelled', creditsLeft: 0, periodEnd: NOW }],
    ['cancel at period end', {}, { type: 'cancel', when: 'period_end' }, { status: 'active', cancelAtPeriodEnd: true, creditsLeft: 1 }],
    [
      'cancel at period end twice',
      { cancelAtPeriodEnd: true },
      { type: 'cancel', when: 'period_end' },
      'This membership already ends at the end of its period',
    ],
    [
      'the period ends after cancel at period end',
      { cancelAtPeriodEnd: true },
      { type: 'period_ended', period: 'month' },
      { status: 'cancelled', creditsLeft: 0 },
    ],
    ['anything on a cancelled one', { status: 'cancelled' }, { type: 'resume' }, 'This membership is cancelled'],
    [
      'a paused one is not renewed',
      { status: 'paused' },
      { type: 'renewal_succeeded', period: 'month' },
      'A paused membership is not renewed',
    ],
    ['a package', { kind: 'package' }, { type: 'pause' }, 'A package is not paused, resumed or cancelled; it is used or expires'],
  ])('%s', (_, from, event, expected) => {
    const t = membershipTransition(membership(from), event, NOW);
    if (typeof expected === 'string') expect(t).toEqual({ ok: false, message: expected });
    else expect(t.ok && t.next).toMatchObject(expected);
  });

  it('periods end a calendar month or year later (end of month clamps)', () => {
    expect(periodEndOf(new Date('2026-01-31T10:00:00Z'), 'month').toISOString()).toBe('2026-02-28T10:00:00.000Z');
    expect(periodEndOf(new Date('2028-02-29T10:00:00Z'), 'year').toISOString()).toBe('2029-02-28T10:00:00.000Z');
  });
});

describe('whether a credit pays a line', () => {
  const cut = { kind: 'service', serviceId: 'cut' };
  it.each<[string, Partial<HeldPrepaid>, { kind: string; serviceId: string | null }, string | null]>([
    ['an active membership, any service', {}, cut, null],
    ['a covered service', { serviceIds: ['cut'] }, cut, null],
    ['a service it does not cover', { serviceIds: ['colour'] }, cut, 'This membership does not cover that service'],
    ['a product', {}, { kind: 'product', serviceId: null }, 'A membership credit pays for a service, not a product'],
    ['past due', { status: 'past_due' }, cut, 'This membership is past due: its benefits are suspended until the renewal is paid'],
    ['paused', { status: 'paused' }, cut, 'This membership is paused'],
    ['no credits left', { creditsLeft: 0 }, cut, 'This membership has no credits left this period'],
    ['a package used up', { kind: 'package', creditsLeft: 0, periodEnd: null }, cut, 'This package has no sessions left'],
    ['a package expired', { kind: 'package', periodEnd: new Date('2026-03-10T15:00:00Z') }, cut, 'This package has expired'],
  ])('%s', (_, p, line, expected) => expect(creditRefusal(membership(p), line, NOW)).toBe(expected));

  it('package status', () => {
    expect(packageStatus({ creditsLeft: 2, periodEnd: null }, NOW)).toBe('active');
    expect(packageStatus({ creditsLeft: 0, periodEnd: null }, NOW)).toBe('used_up');
    expect(packageStatus({ creditsLeft: 2, periodEnd: START }, NOW)).toBe('expired');
  });

  it.each<[number, number, number, string | null]>([
    [6500, 0, 6500, null],
    [6500, 0, 1000, 'a session is given back whole: refund 65.00'],
    [6500, 6500, 6500, 'this session was already given back'],
  ])('refund of a %d credit tender (%d before) by %d', (tender, before, refund, expected) =>
    expect(creditRefundRefusal(tender, before, refund)).toBe(expected),
  );
});
