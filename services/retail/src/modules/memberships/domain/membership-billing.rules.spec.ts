import type { MembershipStatus } from '@salon/contracts';
import { describe, expect, it } from 'vitest';
import {
  billingOf,
  creditsAfterPlanChange,
  invoiceEvent,
  planChangeRefusal,
  subscriptionChangeOf,
  type BillingInvoice,
  type PlanTerms,
} from './membership-billing.rules.js';

const START = new Date('2026-03-01T00:00:00Z');
const NEXT = { start: new Date('2026-04-01T00:00:00Z'), end: new Date('2026-05-01T00:00:00Z') };
const invoice = (over: Partial<BillingInvoice> = {}): BillingInvoice => ({
  id: 'in_1',
  subscriptionId: 'sub_1',
  status: 'paid',
  billingReason: 'subscription_cycle',
  billed: NEXT,
  totalMinor: 4900,
  amountDueMinor: 4900,
  amountPaidMinor: 4900,
  currency: 'usd',
  attemptCount: 1,
  nextAttemptAt: null,
  ...over,
});

describe('how a membership is billed', () => {
  it.each([
    [{ kind: 'membership', cardOnFile: true, cardsEnabled: true }, 'stripe'],
    [{ kind: 'membership', cardOnFile: false, cardsEnabled: true }, 'none'],
    [{ kind: 'membership', cardOnFile: true, cardsEnabled: false }, 'none'],
    [{ kind: 'package', cardOnFile: true, cardsEnabled: true }, 'none'],
  ] as const)('%o → %s', (sale, billing) => {
    expect(billingOf(sale)).toBe(billing);
  });
});

describe('what a subscription invoice does to its membership', () => {
  it.each<[string, { status: 'active' | 'past_due' | 'paused' | 'cancelled'; periodStart: Date }, Partial<BillingInvoice>, unknown]>([
    [
      'a paid renewal starts the billed period',
      { status: 'active', periodStart: START },
      {},
      { type: 'renewal_succeeded', period: 'month', billed: NEXT },
    ],
    [
      'a paid retry ends past due',
      { status: 'past_due', periodStart: START },
      {},
      { type: 'renewal_succeeded', period: 'month', billed: NEXT },
    ],
    ['the same paid renewal again changes nothing', { status: 'active', periodStart: NEXT.start }, {}, null],
    ['a failed renewal makes it past due', { status: 'active', periodStart: START }, { status: 'open' }, { type: 'renewal_failed' }],
    ['a second failure changes nothing', { status: 'past_due', periodStart: START }, { status: 'open', attemptCount: 2 }, null],
    ['a failure after the retry was paid changes nothing', { status: 'active', periodStart: NEXT.start }, { status: 'open' }, null],
    [
      'an open invoice not yet attempted changes nothing',
      { status: 'active', periodStart: START },
      { status: 'open', attemptCount: 0 },
      null,
    ],
    [
      'the first invoice does not move the period',
      { status: 'active', periodStart: START },
      { billingReason: 'subscription_create' },
      null,
    ],
    [
      'a proration does not either',
      { status: 'active', periodStart: START },
      { billingReason: 'subscription_update', status: 'open' },
      null,
    ],
    ['a voided invoice of a paused one', { status: 'paused', periodStart: START }, { status: 'void' }, null],
    ['a cancelled membership is left alone', { status: 'cancelled', periodStart: START }, {}, null],
  ])('%s', (_, m, over, expected) => {
    expect(invoiceEvent(m, invoice(over), 'month')).toEqual(expected);
  });
});

describe('what the subscription does when the desk acts', () => {
  it.each([
    [{ type: 'pause' }, 'pause_collection'],
    [{ type: 'resume' }, 'resume_collection'],
    [{ type: 'cancel', when: 'period_end' }, 'cancel_at_period_end'],
    [{ type: 'cancel', when: 'now' }, 'cancel_now'],
    [{ type: 'renewal_failed' }, 'none'],
  ] as const)('%o → %s', (event, kind) => {
    expect(subscriptionChangeOf(event).kind).toBe(kind);
  });
});

describe('a plan change', () => {
  const plan = (over: Partial<PlanTerms>): PlanTerms => ({
    id: 'gold',
    kind: 'membership',
    name: 'Gold',
    period: 'month',
    credits: 4,
    active: true,
    ...over,
  });
  const silver = plan({ id: 'silver', name: 'Silver', credits: 2 });
  type Held = { kind: 'membership' | 'package'; status: MembershipStatus; planId: string };
  const held: Held = { kind: 'membership', status: 'active', planId: 'silver' };

  it('moves an active or paused membership to another monthly plan', () => {
    expect(planChangeRefusal(held, plan({}), silver)).toBeNull();
    expect(planChangeRefusal({ ...held, status: 'paused' }, plan({}), silver)).toBeNull();
  });

  it.each<[string, Partial<Held>, Partial<PlanTerms>, string]>([
    ['past due pays first', { status: 'past_due' }, {}, 'This membership is past due: its renewal is paid before a plan change'],
    ['cancelled', { status: 'cancelled' }, {}, 'A cancelled membership does not change plan'],
    ['the same plan', {}, { id: 'silver' }, "is already this membership's plan"],
    ['a package plan', {}, { kind: 'package', period: null }, 'must be a membership plan'],
    ['a retired plan', {}, { active: false }, 'Gold is no longer sold'],
    ['another period', {}, { period: 'year' }, 'must be billed every month like Silver: a change of period is a new membership'],
    ['a package held', { kind: 'package' }, {}, 'A package does not change plan; sell another one'],
  ])('refuses %s', (_, m, to, message) => {
    expect(planChangeRefusal({ ...held, ...m }, plan(to), silver)?.message).toBe(message);
  });

  it.each([
    [1, 2, 4, 3],
    [0, 4, 2, 0],
    [3, 4, 2, 1],
  ])('%i left of %i a period, moved to %i a period: %i left', (left, from, to, after) => {
    expect(creditsAfterPlanChange(left, { credits: from }, { credits: to })).toBe(after);
  });
});
