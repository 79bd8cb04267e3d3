import { describe, expect, it } from 'vitest';
import { planVoid, unitShares, type SoldPrepaid } from './prepaid-void.rules.js';

type CardSold = Extract<SoldPrepaid, { kind: 'gift_card' }>;
type HeldSold = Exclude<SoldPrepaid, CardSold>;

const card = (over: Partial<CardSold> = {}): SoldPrepaid => ({
  kind: 'gift_card',
  id: 'card-1',
  label: 'Gift card •••• WXYZ',
  soldForMinor: 10000,
  initialMinor: 10000,
  balanceMinor: 10000,
  expired: false,
  voided: false,
  ...over,
});
const pkg = (over: Partial<HeldSold> = {}): SoldPrepaid => ({
  kind: 'package',
  id: 'pkg-1',
  label: '5 massages',
  soldForMinor: 40000,
  creditsLeft: 5,
  sessionsUsed: 0,
  voided: false,
  ...over,
});

describe('planVoid: voiding what a refunded ticket sold', () => {
  it.each([
    [
      'an unused card, fully refunded',
      [card()],
      10000,
      { ok: true, voidedForMinor: 10000, voids: [{ kind: 'gift_card', id: 'card-1', take: 10000 }] },
    ],
    [
      'a card and a package on one ticket',
      [card(), pkg()],
      50000,
      {
        ok: true,
        voidedForMinor: 50000,
        voids: [
          { kind: 'gift_card', id: 'card-1', take: 10000 },
          { kind: 'package', id: 'pkg-1', take: 5 },
        ],
      },
    ],
    ['a card redeemed and refunded back to full: unused', [card({ balanceMinor: 10000 })], 10000, { ok: true }],
    [
      'already voided: nothing to do (a second refund)',
      [card({ voided: true, balanceMinor: 0 })],
      0,
      { ok: true, voids: [], voidedForMinor: 0 },
    ],
    ['a membership with its credits spent by a cancel-now (none used)', [pkg({ kind: 'membership', creditsLeft: 0 })], 40000, { ok: true }],
  ] as const)('%s', (_, sold, refunded, expected) => {
    expect(planVoid(sold as readonly SoldPrepaid[], refunded)).toMatchObject(expected);
  });

  it.each([
    ['a card partly used', [card({ balanceMinor: 7000 })], 'Gift card •••• WXYZ was already used ($30.00 of $100.00)'],
    ['an expired card', [card({ expired: true })], 'Gift card •••• WXYZ has expired'],
    ['a package with one session used', [card(), pkg({ sessionsUsed: 1, creditsLeft: 4 })], '5 massages was already used (1 session)'],
    ['a package with two sessions used', [pkg({ sessionsUsed: 2 })], '(2 sessions)'],
  ] as const)('refuses (409) %s, naming it', (_, sold, message) => {
    const plan = planVoid(sold as readonly SoldPrepaid[], 1_000_000);
    expect(plan).toMatchObject({ ok: false, kind: 'state', field: 'voidPrepaid' });
    expect(!plan.ok && plan.message).toContain(message);
  });

  it('refuses (400 on amountMinor) a refund smaller than what the voided value sold for', () => {
    expect(planVoid([card()], 4000)).toEqual({
      ok: false,
      kind: 'input',
      field: 'amountMinor',
      message: 'voids $100.00 of prepaid value, but the refunds of this ticket come to $40.00 with this one; refund the rest first',
    });
  });

  it('refuses (400 on voidPrepaid) a ticket that sold no prepaid value', () => {
    expect(planVoid([], 5000)).toMatchObject({ ok: false, kind: 'input', field: 'voidPrepaid' });
  });
});

describe('unitShares', () => {
  it.each([
    [10000, 1, [10000]],
    [10001, 2, [5001, 5000]],
    [100, 3, [34, 33, 33]],
  ])('%i over %i units', (total, qty, shares) => {
    expect(unitShares(total, qty)).toEqual(shares);
    expect(shares.reduce((a, b) => a + b, 0)).toBe(total);
  });
});
