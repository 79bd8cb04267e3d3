import { payRuleInputSchema, type PayRuleInput } from '@salon/contracts';
import { describe, expect, it } from 'vitest';
import type { RuleVersion } from '../../pay-rules/domain/rule-versions.rules.js';
import { computeEarnings, refundAdjustment, tipPayout, tipTakeBack, type SaleLine, type StaffPeriodInput } from './earnings.rules.js';

const version = (n: number, effectiveFrom: string, rule: Omit<PayRuleInput, 'effectiveFrom'>): RuleVersion => ({
  id: `rule-${n}`,
  version: n,
  effectiveFrom,
  rule: payRuleInputSchema.parse({ effectiveFrom, ...rule }),
});
const SVC = {
  cut: '5e000000-0000-4000-8000-000000000001',
  colour: '5e000000-0000-4000-8000-000000000002',
  blow: '5e000000-0000-4000-8000-000000000003',
};
const sale = (n: number, date: string, netMinor: number, extra: Partial<SaleLine> = {}): SaleLine => ({
  lineId: `line-${n}`,
  ticketId: `ticket-${n}`,
  date,
  closedAt: `${date}T18:00:${String(n).padStart(2, '0')}Z`,
  kind: 'service',
  serviceId: SVC.cut,
  name: 'Haircut',
  quantity: 1,
  netMinor,
  ...extra,
});
const period = (over: Partial<StaffPeriodInput>): StaffPeriodInput => ({
  periodStart: '2026-11-16',
  periodEnd: '2026-11-29',
  rules: [],
  days: [],
  sales: [],
  tips: [],
  refunds: [],
  ...over,
});
const byKind = (lines: ReturnType<typeof computeEarnings>, kind: string) => lines.filter((l) => l.kind === kind).map((l) => l.amountMinor);

describe('deductions come off before commission', () => {
  it.each([
    { name: 'none', deductions: { backBarFeeMinor: 0, productCostBps: 0 }, amount: 4000, arithmetic: '100.00 × 40% = 40.00' },
    {
      name: 'back-bar fee',
      deductions: { backBarFeeMinor: 500, productCostBps: 0 },
      amount: 3800,
      arithmetic: '(100.00 − 5.00 back-bar) = 95.00; 95.00 × 40% = 38.00',
    },
    {
      name: 'back-bar and product cost (cost share on the net, not on what is left)',
      deductions: { backBarFeeMinor: 500, productCostBps: 1000 },
      amount: 3400,
      arithmetic: '(100.00 − 5.00 back-bar − 10.00 product cost) = 85.00; 85.00 × 40% = 34.00',
    },
    {
      name: 'deductions above the sale leave nothing, never a negative',
      deductions: { backBarFeeMinor: 20_000, productCostBps: 0 },
      amount: 0,
      arithmetic: '(100.00 − 200.00 back-bar) = 0.00; 0.00 × 40% = 0.00',
    },
  ])('$name', ({ deductions, amount, arithmetic }) => {
    const rules = [version(1, '2026-01-01', { serviceCommission: { rateBps: 4000 }, deductions })];
    const [line] = computeEarnings(period({ rules, sales: [sale(1, '2026-11-17', 10_000)] }));
    expect(line).toMatchObject({ kind: 'service_commission', amountMinor: amount, arithmetic, sourceId: 'line-1', ruleVersion: 1 });
  });

  it('per-service flat and percent overrides skip the tiers', () => {
    const rules = [
      version(1, '2026-01-01', {
        serviceCommission: {
          rateBps: 4000,
          tiers: [
            { fromMinor: 0, rateBps: 4000 },
            { fromMinor: 10_000, rateBps: 6000 },
          ],
          overrides: [
            { serviceId: SVC.colour, flatMinor: 1500 },
            { serviceId: SVC.blow, rateBps: 2000 },
          ],
        },
      }),
    ];
    const lines = computeEarnings(
      period({
        rules,
        sales: [
          sale(1, '2026-11-17', 12_000, { serviceId: SVC.colour, quantity: 2 }),
          sale(2, '2026-11-17', 5000, { serviceId: SVC.blow }),
          sale(3, '2026-11-18', 5000),
        ],
      }),
    );
    // Override lines do not count toward the tiers: the haircut alone (50.00) stays below 100.00.
    expect(byKind(lines, 'service_commission')).toEqual([3000, 1000, 2000]);
  });
});

describe('rule versions across an effective date', () => {
  const rules = [
    version(1, '2026-01-01', {
      hourlyRateMinor: 1500,
      serviceCommission: { rateBps: 4000 },
      productCommissionBps: 1000,
      salaryPerPeriodMinor: 70_000,
    }),
    version(2, '2026-11-23', {
      hourlyRateMinor: 1800,
      serviceCommission: { rateBps: 4500 },
      productCommissionBps: 1500,
      salaryPerPeriodMinor: 84_000,
    }),
  ];
  const lines = computeEarnings(
    period({
      rules,
      days: [
        { date: '2026-11-22', shiftIds: ['s1'], regularMinutes: 480, overtimeMinutes: 0, overtimeMultiplierPercent: 150 },
        { date: '2026-11-23', shiftIds: ['s2'], regularMinutes: 480, overtimeMinutes: 60, overtimeMultiplierPercent: 150 },
      ],
      sales: [
        sale(1, '2026-11-22', 10_000),
        sale(2, '2026-11-23', 10_000),
        sale(3, '2026-11-23', 2000, { kind: 'product', name: 'Shampoo', serviceId: null }),
      ],
    }),
  );

  it('each line is paid by the version in force on its date and names it', () => {
    expect(lines.filter((l) => l.kind === 'regular_hours').map((l) => [l.amountMinor, l.ruleVersion])).toEqual([
      [12_000, 1],
      [14_400, 2],
    ]);
    expect(lines.find((l) => l.kind === 'overtime_hours')).toMatchObject({
      amountMinor: 2700,
      ruleVersion: 2,
      arithmetic: '1:00 h × 18.00 × 150% = 27.00',
    });
    expect(lines.filter((l) => l.kind === 'service_commission').map((l) => [l.amountMinor, l.ruleVersion])).toEqual([
      [4000, 1],
      [4500, 2],
    ]);
    expect(byKind(lines, 'product_commission')).toEqual([300]);
  });

  it('a per-period salary is shared over the days of each version', () => {
    // 7 of 14 days at 700.00, 7 at 840.00.
    expect(lines.filter((l) => l.kind === 'salary').map((l) => [l.amountMinor, l.ruleVersion, l.arithmetic])).toEqual([
      [35_000, 1, '700.00 × 7/14 days = 350.00'],
      [42_000, 2, '840.00 × 7/14 days = 420.00'],
    ]);
  });

  it('nothing is paid before the first version', () => {
    expect(
      computeEarnings(
        period({
          rules: [version(1, '2026-12-01', { hourlyRateMinor: 1500 })],
          days: [{ date: '2026-11-20', shiftIds: ['x'], regularMinutes: 60, overtimeMinutes: 0, overtimeMultiplierPercent: 150 }],
        }),
      ),
    ).toEqual([]);
  });
});

describe('tips', () => {
  const tip = { ticketId: 't', date: '2026-11-20', amountMinor: 1000, cardPaidMinor: 10_000, ticketTotalMinor: 10_000, cardFeeBps: 300 };
  it.each([
    { name: 'paid through whole', t: tip, less: false, amount: 1000 },
    { name: 'less the card fee, all by card', t: tip, less: true, amount: 970 },
    { name: 'less the card fee on the card-paid half only', t: { ...tip, cardPaidMinor: 5000 }, less: true, amount: 985 },
    { name: 'paid in cash: no fee', t: { ...tip, cardPaidMinor: 0 }, less: true, amount: 1000 },
    {
      name: 'a split share of 3.33 less 2.9 %: the fee rounds to 0.10',
      t: { ...tip, amountMinor: 333, cardFeeBps: 290 },
      less: true,
      amount: 323,
    },
  ])('$name', ({ t, less, amount }) => {
    expect(tipPayout(t, less).amountMinor).toBe(amount);
  });

  it('each person is paid their own split share, by their own rule', () => {
    const shares = [
      { ...tip, amountMinor: 600 },
      { ...tip, amountMinor: 400 },
    ];
    const keep = [version(1, '2026-01-01', { tips: { paid: true, lessCardFee: false } })];
    const less = [version(1, '2026-01-01', { tips: { paid: true, lessCardFee: true } })];
    const none = [version(1, '2026-01-01', { tips: { paid: false } })];
    expect(byKind(computeEarnings(period({ rules: keep, tips: [shares[0]!] })), 'tip')).toEqual([600]);
    expect(byKind(computeEarnings(period({ rules: less, tips: [shares[1]!] })), 'tip')).toEqual([388]);
    expect(byKind(computeEarnings(period({ rules: none, tips: shares })), 'tip')).toEqual([]);
  });
});

describe('adjustments after a refund', () => {
  it.each([
    { refundMinor: 10_000, total: 10_000, paid: 4000, amount: -4000 },
    { refundMinor: 2500, total: 10_000, paid: 4000, amount: -1000 },
    { refundMinor: 3333, total: 10_000, paid: 4000, amount: -1333 },
    // A refund cannot take back more than the ticket.
    { refundMinor: 20_000, total: 10_000, paid: 4000, amount: -4000 },
    { refundMinor: 5000, total: 10_000, paid: 0, amount: 0 },
  ])('refund $refundMinor of $total on commission $paid → $amount', ({ refundMinor, total, paid, amount }) => {
    expect(
      refundAdjustment({
        refundId: 'r',
        ticketId: 't',
        date: '2026-11-20',
        refundMinor,
        ticketTotalMinor: total,
        commissionPaidMinor: paid,
      }).amountMinor,
    ).toBe(amount);
  });

  it('is its own line naming the refund', () => {
    const rules = [version(1, '2026-01-01', { serviceCommission: { rateBps: 4000 } })];
    const lines = computeEarnings(
      period({
        rules,
        refunds: [
          {
            refundId: 'refund-1',
            ticketId: 'ticket-9',
            date: '2026-11-18',
            refundMinor: 5000,
            ticketTotalMinor: 10_000,
            commissionPaidMinor: 4000,
          },
        ],
      }),
    );
    expect(lines).toEqual([
      expect.objectContaining({ kind: 'adjustment', sourceType: 'refund', sourceId: 'refund-1', amountMinor: -2000 }),
    ]);
  });
});

describe('tips taken back on a refund', () => {
  const refund = {
    refundId: 'refund-1',
    ticketId: 'ticket-9',
    date: '2026-11-18',
    refundMinor: 2500,
    ticketTotalMinor: 12_000,
    commissionPaidMinor: 4000,
    tipPaidMinor: 2000,
  };
  it.each([
    { refundMinor: 12_000, tip: 2000, amount: -2000 },
    { refundMinor: 2500, tip: 2000, amount: -417 },
    { refundMinor: 30_000, tip: 2000, amount: -2000 },
    { refundMinor: 2500, tip: 0, amount: 0 },
  ])('refund $refundMinor of 120.00 on a tip of $tip → $amount', ({ refundMinor, tip, amount }) => {
    expect(tipTakeBack({ ...refund, refundMinor, tipPaidMinor: tip }).amountMinor).toBe(amount);
  });

  it('only when the rule in force on the refund date says so, as its own line with the rule and the arithmetic', () => {
    const keep = [version(1, '2026-01-01', { serviceCommission: { rateBps: 4000 } })];
    expect(byKind(computeEarnings(period({ rules: keep, refunds: [refund] })), 'adjustment')).toEqual([-833]);
    const takeBack = [version(1, '2026-01-01', { serviceCommission: { rateBps: 4000 }, tips: { paid: true, takeBackOnRefund: true } })];
    const lines = computeEarnings(period({ rules: takeBack, refunds: [refund] }));
    expect(lines).toEqual([
      expect.objectContaining({
        kind: 'adjustment',
        description: 'Tip taken back on a refund (ticket ticket-9)',
        ruleVersion: 1,
        arithmetic: '−20.00 tip × 25.00 refunded / 120.00 ticket = -4.17',
        amountMinor: -417,
      }),
      expect.objectContaining({ kind: 'adjustment', amountMinor: -833 }),
    ]);
  });
});

describe('booth rent', () => {
  it('is a charge for the period', () => {
    const rules = [version(1, '2026-01-01', { boothRentPerPeriodMinor: 25_000 })];
    expect(computeEarnings(period({ rules }))).toEqual([
      expect.objectContaining({ kind: 'booth_rent', amountMinor: -25_000, arithmetic: '250.00 per period' }),
    ]);
  });
});

describe('commission by category', () => {
  const rules = [
    version(1, '2026-01-01', {
      serviceCommission: {
        rateBps: 4000,
        tierMode: 'marginal',
        tiers: [{ fromMinor: 20_000, rateBps: 5000 }],
        overrides: [{ serviceId: SVC.blow, flatMinor: 700 }],
      },
      productCommissionBps: 1000,
      deductions: { backBarFeeMinor: 250, productCostBps: 0 },
      categoryCommissions: [
        { kind: 'service', category: 'Colour', rateBps: 3250 },
        { kind: 'product', category: 'Hair care', rateBps: 1500 },
      ],
    }),
  ];
  const lines = computeEarnings(
    period({
      rules,
      sales: [
        // Colour lines earn the category rate after the back-bar fee, outside the tiers.
        sale(1, '2026-11-17', 15_099, { serviceId: SVC.colour, name: 'Colour', category: 'colour' }),
        sale(2, '2026-11-18', 12_001, { serviceId: SVC.colour, name: 'Colour', category: 'Colour' }),
        // Cuts are tiered: 150.00 + 90.00 after fees, the second crossing 200.00.
        sale(3, '2026-11-18', 15_250, { category: 'Cuts' }),
        sale(4, '2026-11-19', 9_250, { category: null }),
        // A per-service override wins over the category.
        sale(5, '2026-11-19', 4_000, { serviceId: SVC.blow, name: 'Blow-dry', category: 'Colour' }),
        sale(6, '2026-11-20', 2_333, { kind: 'product', serviceId: null, name: 'Shampoo', category: 'Hair care' }),
        sale(7, '2026-11-20', 1_999, { kind: 'product', serviceId: null, name: 'Brush', category: 'Tools' }),
      ],
    }),
  );

  it('pays each line to the cent, naming the category rate in the arithmetic', () => {
    expect(lines.map((l) => [l.sourceId, l.amountMinor, l.arithmetic])).toEqual([
      // (150.99 − 2.50) × 32.5% = 48.25925 → 48.26
      ['line-1', 4826, '(150.99 − 2.50 back-bar) = 148.49; 148.49 × 32.5% (Colour rate) = 48.26'],
      // (120.01 − 2.50) × 32.5% = 38.19075 → 38.19
      ['line-2', 3819, '(120.01 − 2.50 back-bar) = 117.51; 117.51 × 32.5% (Colour rate) = 38.19'],
      ['line-3', 6000, '(152.50 − 2.50 back-bar) = 150.00; 150.00 × 40% = 60.00 (marginal tiers, period revenue 240.00)'],
      // 50.00 × 40% + 40.00 × 50% = 40.00
      ['line-4', 4000, '(92.50 − 2.50 back-bar) = 90.00; 50.00 × 40% + 40.00 × 50% = 40.00 (marginal tiers, period revenue 240.00)'],
      ['line-5', 700, '1 × 7.00 flat = 7.00'],
      // 23.33 × 15% = 3.4995 → 3.50
      ['line-6', 350, '23.33 × 15% (Hair care rate) = 3.50'],
      // 19.99 × 10% = 1.999 → 2.00
      ['line-7', 200, '19.99 × 10% = 2.00'],
    ]);
  });

  it('pays category lines even when the rule has no service commission', () => {
    const only = computeEarnings(
      period({
        rules: [version(1, '2026-01-01', { categoryCommissions: [{ kind: 'service', category: 'Colour', rateBps: 2000 }] })],
        sales: [sale(1, '2026-11-17', 10_000, { category: 'Colour' }), sale(2, '2026-11-17', 10_000, { category: 'Cuts' })],
      }),
    );
    expect(only.map((l) => [l.sourceId, l.amountMinor])).toEqual([['line-1', 2000]]);
  });
});
