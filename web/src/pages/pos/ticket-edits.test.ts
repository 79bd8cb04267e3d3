import { describe, expect, it } from 'vitest';
import {
  activeTip,
  changeDue,
  discountFromForm,
  discountOverLimit,
  editLines,
  handSplit,
  quickCash,
  readableRefusal,
  tenderLabel,
  tipPeople,
  tipWithSplit,
  type TicketLine,
} from './ticket-edits';

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

describe('a line discount and a fee reason', () => {
  it('puts a discount on one line (null removes it) and keeps a fee’s reason trimmed, only on a fee', () => {
    const discount = { type: 'percent' as const, percent: 10, reason: 'Loyalty' };
    expect(editLines([line('l1'), line('l2')], { kind: 'discount', lineId: 'l2', discount }).map((l) => l.discount)).toEqual([
      null,
      discount,
    ]);
    const discounted = line('l1', { discount: { ...discount, amountMinor: null } });
    expect(editLines([discounted], { kind: 'discount', lineId: 'l1', discount: null })[0]!.discount).toBeNull();
    const fee = { kind: 'add-item' as const, name: 'Late fee', unitPriceMinor: 1500, reason: '  Arrived late ' };
    expect(editLines([], { ...fee, itemKind: 'fee' }).at(-1)).toEqual({
      kind: 'fee',
      name: 'Late fee',
      unitPriceMinor: 1500,
      quantity: 1,
      reason: 'Arrived late',
    });
    expect(editLines([], { ...fee, itemKind: 'product' }).at(-1)).not.toHaveProperty('reason');
  });

  it.each([
    ['10% under a 20% limit', { type: 'percent' as const, percent: 10, reason: 'r' }, 5500, false, null],
    ['exactly the limit', { type: 'percent' as const, percent: 20, reason: 'r' }, 5500, false, null],
    ['25% without the permission', { type: 'percent' as const, percent: 25, reason: 'r' }, 5500, false, 'needs a manager'],
    ['25% with the permission', { type: 'percent' as const, percent: 25, reason: 'r' }, 5500, true, null],
    ['$11 of $55 (20%)', { type: 'amount' as const, amountMinor: 1100, reason: 'r' }, 5500, false, null],
    ['$11.01 of $55', { type: 'amount' as const, amountMinor: 1101, reason: 'r' }, 5500, false, 'needs a manager'],
  ])('judges %s against the limit', (_name, input, ofMinor, canExceed, problem) => {
    const said = discountOverLimit(input, ofMinor, 20, canExceed);
    if (problem) expect(said).toContain(problem);
    else expect(said).toBeNull();
  });

  it('names a permission in a refusal by its label', () => {
    expect(readableRefusal('lines.0.discount: a discount above 20% needs the apply_large_discounts permission')).toBe(
      'lines.0.discount: a discount above 20% needs the “Discount above the limit” permission',
    );
    expect(readableRefusal('needs the made_up permission')).toBe('needs the made_up permission');
  });
});

describe('the tip split by hand', () => {
  const people = [
    { staffId: 'dana', name: 'Dana Lee', text: '8' },
    { staffId: 'kim', name: 'Kim Park', text: '8.00' },
  ];

  it('sends a split that adds up to the tip to the cent', () => {
    expect(handSplit(1600, people)).toEqual({
      ok: true,
      assignedMinor: 1600,
      leftMinor: 0,
      split: [
        { staffId: 'dana', amountMinor: 800 },
        { staffId: 'kim', amountMinor: 800 },
      ],
    });
  });

  it.each([
    ['a cent short', '7.99', 1, 'The shares add up to $15.99, not the tip’s $16.00: $0.01 left to assign'],
    ['too much', '9', -100, 'The shares add up to $17.00, not the tip’s $16.00: $1.00 too much'],
    ['blank (nothing)', '', 800, 'The shares add up to $8.00, not the tip’s $16.00: $8.00 left to assign'],
    ['unreadable', 'ten', 800, 'Dana Lee: enter the share in dollars, such as 10 or 12.50'],
  ])('refuses a split %s, saying what is left', (_name, text, leftMinor, message) => {
    expect(handSplit(1600, [{ ...people[0]!, text }, people[1]!])).toMatchObject({ ok: false, leftMinor, message });
  });

  it('offers everyone with a share and every performer, and keeps the tip’s kind when splitting', () => {
    const tip = {
      __typename: 'TicketTip' as const,
      mode: 'percent',
      percent: 20,
      amountMinor: 1100,
      baseMinor: 5500,
      splitMode: 'proportional',
      split: [{ __typename: 'TipShare' as const, staffId: 'dana', staffName: 'Dana Lee', amountMinor: 1100 }],
    };
    const lines = [line('l1'), line('l2', { staffId: 'kim', staffName: 'Kim Park' }), line('l3', { kind: 'product', staffId: 'lee' })];
    expect(tipPeople({ lines, tip })).toEqual([
      { staffId: 'dana', name: 'Dana Lee', amountMinor: 1100 },
      { staffId: 'kim', name: 'Kim Park', amountMinor: 0 },
    ]);
    expect(tipWithSplit(tip, [{ staffId: 'kim', amountMinor: 1100 }])).toEqual({
      percent: 20,
      split: [{ staffId: 'kim', amountMinor: 1100 }],
    });
    expect(tipWithSplit({ ...tip, mode: 'amount', percent: null }, null)).toEqual({ amountMinor: 1100 });
  });
});

describe('a tender’s words', () => {
  it('names a card by brand and last four, never anything but four digits', () => {
    expect(tenderLabel('Card', 'visa', '4242')).toBe('Visa •••• 4242');
    expect(tenderLabel('Card terminal', 'mastercard', '4444')).toBe('Mastercard •••• 4444');
    expect(tenderLabel('Card', null, '4242')).toBe('Card •••• 4242');
    expect(tenderLabel('Card', 'visa', '4242424242424242')).toBe('Card');
    expect(tenderLabel('Cash', null, null)).toBe('Cash');
  });
});
