import { describe, expect, it } from 'vitest';
import { allocatePrepaid, type AllocCredit, type AllocGiftCard, type AllocLine, type AllocationInput } from './prepaid-allocation.rules.js';

const svc = (id: string, totalMinor: number, serviceId = 'massage', clientId: string | null = null): AllocLine => ({
  id,
  name: `${serviceId} ${id}`,
  kind: 'service',
  serviceId,
  clientId,
  totalMinor,
});
const product = (id: string, totalMinor: number): AllocLine => ({
  id,
  name: 'Shampoo',
  kind: 'product',
  serviceId: null,
  clientId: null,
  totalMinor,
});
const giftLine = (id: string, totalMinor: number): AllocLine => ({
  id,
  name: 'Gift card',
  kind: 'gift_card',
  serviceId: null,
  clientId: null,
  totalMinor,
});
const pkg = (id: string, creditsLeft: number, lapsesAt: string | null = null, over: Partial<AllocCredit> = {}): AllocCredit => ({
  id,
  kind: 'package',
  label: `Package ${id}`,
  clientId: 'ana',
  creditsLeft,
  serviceIds: ['massage'],
  lapsesAt: lapsesAt ? new Date(lapsesAt) : null,
  usable: true,
  ...over,
});
const member = (id: string, creditsLeft: number, lapsesAt: string, over: Partial<AllocCredit> = {}): AllocCredit => ({
  ...pkg(id, creditsLeft, lapsesAt, over),
  kind: 'membership',
  label: `Membership ${id}`,
  serviceIds: [],
  ...over,
});
const gift = (code: string, balanceMinor: number, expiresAt: string | null = null): AllocGiftCard => ({
  code,
  label: code,
  balanceMinor,
  expiresAt: expiresAt ? new Date(expiresAt) : null,
});

/** [source id or code, line id or null, amount] */
type Row = [string, string | null, number];
const rows = (input: AllocationInput): Row[] =>
  allocatePrepaid(input).map((a) => [a.prepaidId ?? a.giftCardCode!, a.lineId, a.amountMinor]);
const base = (over: Partial<AllocationInput>): AllocationInput => ({
  ticketClientId: 'ana',
  lines: [],
  balanceMinor: 0,
  credits: [],
  giftCards: [],
  ...over,
});

describe('prepaid value applied to a ticket, best for the client, line by line', () => {
  it.each<[string, Partial<AllocationInput>, Row[]]>([
    ['nothing held: nothing applied', { lines: [svc('a', 9000)], balanceMinor: 9000 }, []],
    [
      'a package session pays the dearest covered service, a gift card the rest',
      {
        lines: [svc('a', 6000), svc('b', 9000), product('p', 2500)],
        balanceMinor: 17500,
        credits: [pkg('P', 1)],
        giftCards: [gift('G', 5000)],
      },
      [
        ['P', 'b', 9000],
        ['G', null, 5000],
      ],
    ],
    [
      'the credit that lapses soonest goes first (membership this month before a package next year)',
      {
        lines: [svc('a', 9000), svc('b', 8000)],
        balanceMinor: 17000,
        credits: [pkg('P', 5, '2027-01-01'), member('M', 1, '2026-04-01')],
      },
      [
        ['M', 'a', 9000],
        ['P', 'b', 8000],
      ],
    ],
    [
      'a package limited to massages does not pay a haircut',
      { lines: [svc('a', 5000, 'haircut')], balanceMinor: 5000, credits: [pkg('P', 3)] },
      [],
    ],
    [
      'a suspended membership (past due) pays nothing',
      { lines: [svc('a', 5000)], balanceMinor: 5000, credits: [member('M', 2, '2026-04-01', { usable: false })] },
      [],
    ],
    [
      'several people on one ticket: each person’s credits pay only their services',
      {
        lines: [svc('a', 9000, 'massage', 'ana'), svc('b', 9500, 'massage', 'ben'), svc('c', 7000, 'massage', 'ben')],
        balanceMinor: 25500,
        credits: [pkg('PA', 2), pkg('PB', 1, null, { clientId: 'ben' })],
      },
      [
        ['PB', 'b', 9500],
        ['PA', 'a', 9000],
      ],
    ],
    [
      'sessions run out: the dearest lines take them',
      { lines: [svc('a', 6000), svc('b', 9000), svc('c', 7500)], balanceMinor: 22500, credits: [pkg('P', 2)] },
      [
        ['P', 'b', 9000],
        ['P', 'c', 7500],
      ],
    ],
    [
      'a line already paid by a session is not paid twice',
      { lines: [svc('a', 6000), svc('b', 9000)], coveredLineIds: ['b'], balanceMinor: 6000, credits: [pkg('P', 2)] },
      [['P', 'a', 6000]],
    ],
    [
      'gift cards: soonest expiry first, then the smallest balance, never more than the balance',
      {
        lines: [svc('a', 12000)],
        balanceMinor: 12000,
        giftCards: [gift('BIG', 10000), gift('SMALL', 3000), gift('SOON', 4000, '2026-06-01')],
      },
      [
        ['SOON', null, 4000],
        ['SMALL', null, 3000],
        ['BIG', null, 5000],
      ],
    ],
    [
      'a gift card does not buy a gift card',
      { lines: [svc('a', 5000), giftLine('g', 10000)], balanceMinor: 15000, giftCards: [gift('G', 20000)] },
      [['G', null, 5000]],
    ],
    [
      'part already paid in cash: sessions only on lines the balance still covers, gift card the rest',
      { lines: [svc('a', 9000), svc('b', 3000)], balanceMinor: 5000, credits: [pkg('P', 1)], giftCards: [gift('G', 9000)] },
      [
        ['P', 'b', 3000],
        ['G', null, 2000],
      ],
    ],
  ])('%s', (_, over, expected) => expect(rows(base(over))).toEqual(expected));

  it('what is applied never exceeds the balance and adds up to the cent (every case of a small grid)', () => {
    for (let balance = 0; balance <= 30000; balance += 1777) {
      const lines = [svc('a', 9001), svc('b', 6999), product('p', 1234), svc('c', 13)];
      const out = allocatePrepaid(
        base({ lines, balanceMinor: balance, credits: [pkg('P', 2)], giftCards: [gift('G', 4321), gift('H', 777)] }),
      );
      const sum = out.reduce((n, a) => n + a.amountMinor, 0);
      expect(sum).toBeLessThanOrEqual(balance);
      expect(out.every((a) => a.amountMinor > 0)).toBe(true);
    }
  });
});
