import { describe, expect, it } from 'vitest';
import { activeTip, changeDue, discountFromForm, editLines, quickCash, type TicketLine } from './ticket-edits';

const line = (id: string, over: Partial<TicketLine> = {}): TicketLine =>
  ({
    __typename: 'TicketLine',
    id,
    kind: 'service',
    name: 'Haircut',
    quantity: 1,
    unitPriceMinor: 5500,
    listUnitPriceMinor: 5500,
    staffId: 'dana',
    staffName: 'Dana Lee',
    appointmentId: 'a1',
    serviceId: 's1',
    grossMinor: 5500,
    discountMinor: 0,
    netMinor: 5500,
    taxMinor: 0,
    totalMinor: 5500,
    discount: null,
    ...over,
  }) as TicketLine;

describe('editLines: the whole list after one edit', () => {
  const lines = [
    line('l1'),
    line('l2', {
      kind: 'product',
      name: 'Shampoo',
      unitPriceMinor: 1999,
      staffId: null,
      discount: { type: 'percent', percent: 10, amountMinor: null, reason: 'Promo' },
    }),
  ];
  it.each([
    [
      { kind: 'quantity', lineId: 'l2', quantity: 2 } as const,
      [
        { id: 'l1', quantity: 1 },
        { id: 'l2', quantity: 2 },
      ],
    ],
    [
      { kind: 'price', lineId: 'l1', unitPriceMinor: 5000 } as const,
      [
        { id: 'l1', unitPriceMinor: 5000 },
        { id: 'l2', unitPriceMinor: 1999 },
      ],
    ],
    [{ kind: 'remove', lineId: 'l1' } as const, [{ id: 'l2' }]],
    [
      { kind: 'add-service', serviceId: 's9', staffId: 'jordan' } as const,
      [{ id: 'l1' }, { id: 'l2' }, { serviceId: 's9', staffId: 'jordan', quantity: 1 }],
    ],
    [{ kind: 'add-product', productId: 'p9' } as const, [{ id: 'l1' }, { id: 'l2' }, { productId: 'p9', quantity: 1 }]],
    [
      { kind: 'add-item', itemKind: 'fee', name: ' Late fee ', unitPriceMinor: 2500 } as const,
      [{ id: 'l1' }, { id: 'l2' }, { kind: 'fee', name: 'Late fee', unitPriceMinor: 2500, quantity: 1 }],
    ],
    [
      { kind: 'add-gift-card', amountMinor: 5000, cardCode: ' 6006-0001 ' } as const,
      [{ id: 'l1' }, { id: 'l2' }, { kind: 'gift_card', name: 'Gift card', unitPriceMinor: 5000, cardCode: '6006-0001', quantity: 1 }],
    ],
    [
      { kind: 'add-gift-card', amountMinor: 2500, cardCode: null } as const,
      [{ id: 'l1' }, { id: 'l2' }, { kind: 'gift_card', name: 'Gift card', unitPriceMinor: 2500, quantity: 1 }],
    ],
    [{ kind: 'add-plan', planId: 'plan-1' } as const, [{ id: 'l1' }, { id: 'l2' }, { planId: 'plan-1', quantity: 1 }]],
  ])('%j', (edit, expected) => {
    const result = editLines(lines, edit);
    expect(result).toHaveLength(expected.length);
    expected.forEach((e, i) => expect(result[i]).toMatchObject(e));
  });
  it('adds a second scan of the same product to its line, not as a new line', () => {
    const scanned = [line('l1'), line('l3', { kind: 'product', productId: 'p9', quantity: 2, staffId: null })];
    expect(editLines(scanned, { kind: 'add-product', productId: 'p9' })).toMatchObject([{ id: 'l1' }, { id: 'l3', quantity: 3 }]);
  });
  it('keeps each line by id with its discount as an input', () => {
    expect(editLines(lines, { kind: 'quantity', lineId: 'l1', quantity: 1 })[1]).toEqual({
      id: 'l2',
      quantity: 1,
      unitPriceMinor: 1999,
      staffId: null,
      discount: { type: 'percent', percent: 10, reason: 'Promo' },
    });
  });
});

describe('discountFromForm', () => {
  it.each([
    [
      { type: 'amount', value: '7.50', reason: 'Loyalty' },
      { ok: true, input: { type: 'amount', amountMinor: 750, reason: 'Loyalty' } },
    ],
    [
      { type: 'percent', value: '12.5%', reason: ' Staff ' },
      { ok: true, input: { type: 'percent', percent: 12.5, reason: 'Staff' } },
    ],
    [
      { type: 'amount', value: '7.50', reason: ' ' },
      { ok: false, message: 'Give a reason for the discount' },
    ],
    [
      { type: 'amount', value: 'abc', reason: 'x' },
      { ok: false, message: 'Enter the discount in dollars, such as 5 or 7.50' },
    ],
    [
      { type: 'percent', value: '120', reason: 'x' },
      { ok: false, message: 'Enter a percentage between 0 and 100' },
    ],
  ] as const)('%j', (form, expected) => {
    expect(discountFromForm(form)).toEqual(expected);
  });
});

describe('cash', () => {
  it.each([
    [4320, 5000, 680],
    [4320, 4320, 0],
    [4320, 4000, null],
    [null, 5000, null],
  ])('amount %s, handed over %s → change %s', (amount, tendered, change) => {
    expect(changeDue(amount, tendered)).toBe(change);
  });
  it('offers the exact amount and the next notes up', () => {
    expect(quickCash(6600)).toEqual([6600, 7000, 8000, 10000]);
    expect(quickCash(2000)).toEqual([2000, 5000, 10000]);
    expect(quickCash(4320)).toEqual([4320, 4500, 5000, 6000]);
  });
});

describe('activeTip', () => {
  it('reads a preset, an amount, or none', () => {
    expect(activeTip(null)).toEqual({ preset: null, amountMinor: null });
    expect(
      activeTip({
        mode: 'percent',
        percent: 20,
        amountMinor: 1100,
        baseMinor: 5500,
        splitMode: 'proportional',
        split: [],
      }),
    ).toEqual({ preset: 20, amountMinor: null });
    expect(
      activeTip({
        mode: 'amount',
        percent: null,
        amountMinor: 500,
        baseMinor: 5500,
        splitMode: 'proportional',
        split: [],
      }),
    ).toEqual({ preset: null, amountMinor: 500 });
  });
});
