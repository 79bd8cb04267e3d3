import { describe, expect, it } from 'vitest';
import { requiredApprovals, type LineChange } from './ticket-approvals.rules.js';
import { computeTotals, type LineDraft, type TicketDraft } from './ticket-totals.rules.js';

const LIMIT = 2000; // 20%

function approvals(
  lines: (LineChange & { discount?: LineDraft['discount'] })[],
  ticketDiscount: TicketDraft['discount'] = null,
  ticketDiscountChanged = false,
) {
  const outcome = computeTotals({
    lines: lines.map((l) => ({ kind: l.kind, quantity: 1, unitPriceMinor: l.unitPriceMinor, staffId: null, discount: l.discount ?? null })),
    discount: ticketDiscount,
    tip: null,
    rates: { servicePpm: 0, productPpm: 0 },
  });
  if (!outcome.ok) throw new Error('bad draft');
  return requiredApprovals({ lines, totals: outcome.totals, ticketDiscountChanged, discountLimitBps: LIMIT }).map(
    (a) => `${a.permission} ${a.field}`,
  );
}

type Change = LineChange & { discount?: LineDraft['discount'] };
const booked = (over: Partial<Change> = {}): Change => ({
  kind: 'service',
  isNew: false,
  listUnitPriceMinor: 5500,
  unitPriceMinor: 5500,
  previousUnitPriceMinor: 5500,
  discountChanged: false,
  ...over,
});
const typed = (kind: LineChange['kind'], over: Partial<Change> = {}): Change => ({
  kind,
  isNew: true,
  listUnitPriceMinor: null,
  unitPriceMinor: 1999,
  previousUnitPriceMinor: null,
  discountChanged: false,
  ...over,
});

describe('requiredApprovals', () => {
  it.each<[string, Parameters<typeof approvals>, string[]]>([
    ['a booked service as booked', [[booked()]], []],
    ['a new line from the catalogue at its price', [[booked({ isNew: true, previousUnitPriceMinor: null })]], []],
    ['a booked price changed', [[booked({ unitPriceMinor: 5000 })]], ['edit_prices lines.0.unitPriceMinor']],
    ['a price changed earlier by a manager, left alone', [[booked({ unitPriceMinor: 5000, previousUnitPriceMinor: 5000 })]], []],
    ['a product at a typed price', [[typed('product')]], ['edit_prices lines.0.unitPriceMinor']],
    ['a fee (its typed price is part of charging it)', [[typed('fee')]], ['charge_fees lines.0.kind']],
    [
      'a fee already on the ticket, repriced',
      [[typed('fee', { isNew: false, previousUnitPriceMinor: 2500 })]],
      ['charge_fees lines.0.unitPriceMinor'],
    ],
    ['a 20% line discount: at the limit', [[booked({ discountChanged: true, discount: { type: 'percent', bps: 2000, reason: 'x' } })]], []],
    [
      'a $11.01 line discount on $55: above 20%',
      [[booked({ discountChanged: true, discount: { type: 'amount', amountMinor: 1101, reason: 'x' } })]],
      ['apply_large_discounts lines.0.discount'],
    ],
    [
      'a big line discount set earlier, unchanged',
      [[booked({ discountChanged: false, discount: { type: 'percent', bps: 5000, reason: 'x' } })]],
      [],
    ],
    ['a 25% ticket discount', [[booked()], { type: 'percent', bps: 2500, reason: 'x' }, true], ['apply_large_discounts discount']],
    ['a 25% ticket discount set earlier', [[booked()], { type: 'percent', bps: 2500, reason: 'x' }, false], []],
  ])('%s', (_name, args, expected) => {
    expect(approvals(...args)).toEqual(expected);
  });
});
