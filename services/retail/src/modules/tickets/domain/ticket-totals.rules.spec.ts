import { describe, expect, it } from 'vitest';
import type { LineKind } from '@salon/contracts';
import { computeTotals, type DiscountRule, type LineDraft, type TicketDraft } from './ticket-totals.rules.js';
import type { TipRule } from './tips.rules.js';

const CHICAGO = { servicePpm: 0, productPpm: 102_500 };
const TAXED = { servicePpm: 62_500, productPpm: 102_500 };

const line = (kind: LineKind, unitPriceMinor: number, extra: Partial<LineDraft> = {}): LineDraft => ({
  kind,
  quantity: 1,
  unitPriceMinor,
  staffId: kind === 'service' ? 'dana' : null,
  discount: null,
  ...extra,
});
const amountOff = (amountMinor: number): DiscountRule => ({ type: 'amount', amountMinor, reason: 'Loyalty' });
const percentOff = (bps: number): DiscountRule => ({ type: 'percent', bps, reason: 'Loyalty' });

const totalsOf = (draft: Partial<TicketDraft>) => {
  const outcome = computeTotals({ lines: [], discount: null, tip: null, rates: CHICAGO, ...draft });
  if (!outcome.ok) throw new Error(JSON.stringify(outcome.problems));
  return outcome.totals;
};

describe('computeTotals: the ticket', () => {
  it.each<[string, Partial<TicketDraft>, { subtotal: number; discount: number; tax: number; tip: number; total: number }]>([
    [
      'a haircut, services untaxed in Chicago',
      { lines: [line('service', 5500)] },
      { subtotal: 5500, discount: 0, tax: 0, tip: 0, total: 5500 },
    ],
    [
      'a haircut and a shampoo at 10.25%',
      { lines: [line('service', 5500), line('product', 1999)] },
      { subtotal: 7499, discount: 0, tax: 205, tip: 0, total: 7704 },
    ],
    [
      'two shampoos: quantity before tax',
      { lines: [line('product', 1999, { quantity: 2 })] },
      { subtotal: 3998, discount: 0, tax: 410, tip: 0, total: 4408 },
    ],
    [
      'services taxed too, each line rounded',
      { lines: [line('service', 5500), line('product', 1999)], rates: TAXED },
      { subtotal: 7499, discount: 0, tax: 344 + 205, tip: 0, total: 8048 },
    ],
    ['a fee is never taxed', { lines: [line('fee', 2500)], rates: TAXED }, { subtotal: 2500, discount: 0, tax: 0, tip: 0, total: 2500 }],
    [
      '10% line discount before tax',
      { lines: [line('product', 1999, { discount: percentOff(1000) })] },
      // 10% of 1999 = 199.9 → 200; net 1799; tax 184.3975 → 184
      { subtotal: 1999, discount: 200, tax: 184, tip: 0, total: 1983 },
    ],
    [
      '$5 off the ticket, shared by what each line has left',
      { lines: [line('service', 5500), line('product', 1999)], discount: amountOff(500) },
      // shares of 500 over [5500, 1999]: 366.72 → 367, 133.28 → 133; product net 1866 → tax 191.265 → 191
      { subtotal: 7499, discount: 500, tax: 191, tip: 0, total: 7190 },
    ],
    [
      '20% of the ticket after a line discount',
      { lines: [line('service', 5500, { discount: amountOff(500) }), line('product', 2000)], discount: percentOff(2000) },
      // after line: 5000 + 2000 = 7000; 20% = 1400 shared 1000/400; product net 1600 → tax 164
      { subtotal: 7500, discount: 1900, tax: 164, tip: 0, total: 5764 },
    ],
    [
      'a 20% tip on the pre-discount service total, untaxed',
      { lines: [line('service', 5500, { discount: amountOff(1000) }), line('product', 1999)], tip: { mode: 'percent', bps: 2000 } },
      // tip 20% of 5500 = 1100 (the discount does not lower it; products are not tipped)
      { subtotal: 7499, discount: 1000, tax: 205, tip: 1100, total: 7804 },
    ],
    [
      'an amount tip',
      { lines: [line('service', 5500)], tip: { mode: 'amount', amountMinor: 750 } },
      { subtotal: 5500, discount: 0, tax: 0, tip: 750, total: 6250 },
    ],
    ['nothing on it yet (a walk-in just opened)', { lines: [] }, { subtotal: 0, discount: 0, tax: 0, tip: 0, total: 0 }],
    [
      '100% off',
      { lines: [line('product', 1999)], discount: percentOff(10000) },
      { subtotal: 1999, discount: 1999, tax: 0, tip: 0, total: 0 },
    ],
  ])('%s', (_name, draft, expected) => {
    const t = totalsOf(draft);
    expect({ subtotal: t.subtotalMinor, discount: t.discountMinor, tax: t.taxMinor, tip: t.tipMinor, total: t.totalMinor }).toEqual(
      expected,
    );
    // The receipt adds up: lines' totals + tip = ticket total; lines' taxes = ticket tax.
    expect(t.lines.reduce((s, l) => s + l.totalMinor, 0) + t.tipMinor).toBe(t.totalMinor);
    expect(t.lines.reduce((s, l) => s + l.taxMinor, 0)).toBe(t.taxMinor);
    expect(t.lines.reduce((s, l) => s + l.ticketDiscountMinor, 0)).toBe(t.ticketDiscountMinor);
  });

  it('rounds tax per line, half-up on the discounted line amount (documented)', () => {
    // Three $0.05 products at 10%: 0.5¢ each → 1¢ each, 3¢ in all (tax of the sum would be 1.5¢ → 2¢).
    const t = totalsOf({
      lines: [line('product', 5), line('product', 5), line('product', 5)],
      rates: { servicePpm: 0, productPpm: 100_000 },
    });
    expect(t.lines.map((l) => l.taxMinor)).toEqual([1, 1, 1]);
    expect(t.taxMinor).toBe(3);
  });

  it('keeps each line: gross, both discounts, net, rate, tax, total', () => {
    const t = totalsOf({ lines: [line('service', 5500), line('product', 1999)], discount: amountOff(500) });
    expect(t.lines).toEqual([
      {
        grossMinor: 5500,
        lineDiscountMinor: 0,
        ticketDiscountMinor: 367,
        discountMinor: 367,
        netMinor: 5133,
        taxPpm: 0,
        taxMinor: 0,
        totalMinor: 5133,
      },
      {
        grossMinor: 1999,
        lineDiscountMinor: 0,
        ticketDiscountMinor: 133,
        discountMinor: 133,
        netMinor: 1866,
        taxPpm: 102_500,
        taxMinor: 191,
        totalMinor: 2057,
      },
    ]);
  });
});

describe('computeTotals: refusals name the field', () => {
  it.each<[string, Partial<TicketDraft>, string[]]>([
    ['a line discount above the line', { lines: [line('service', 5500, { discount: amountOff(6000) })] }, ['lines.0.discount.amountMinor']],
    ['a ticket discount above the ticket', { lines: [line('product', 1000)], discount: amountOff(1001) }, ['discount.amountMinor']],
    ['a ticket discount on an empty ticket', { lines: [], discount: amountOff(100) }, ['discount.amountMinor']],
    ['a line above the largest amount', { lines: [line('product', 100_000_000, { quantity: 2 })] }, ['lines.0.unitPriceMinor']],
    [
      'a manual tip split that does not add up',
      {
        lines: [line('service', 5500)],
        tip: { mode: 'amount', amountMinor: 1000, split: [{ staffId: 'dana', amountMinor: 900 }] } as TipRule,
      },
      ['tip.split'],
    ],
  ])('%s', (_name, draft, fields) => {
    const outcome = computeTotals({ lines: [], discount: null, tip: null, rates: CHICAGO, ...draft });
    expect(outcome.ok).toBe(false);
    if (!outcome.ok) expect(outcome.problems.map((p) => p.field)).toEqual(fields);
  });
});
