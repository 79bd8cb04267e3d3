import type { EventPayload } from '@salon/contracts';
import { describe, expect, it } from 'vitest';
import { refundSpend, saleSpend, storedValueSpend, type SpendChange } from './spend.rules.js';

const sale: EventPayload<'retail.ticket.closed.v1'> = {
  ticketId: 't1',
  number: 1001,
  clientId: 'c1',
  appointmentIds: ['a1'],
  closedAt: '2026-11-20T17:05:00.000Z',
  subtotalMinor: 7_300,
  discountMinor: 500,
  taxMinor: 185,
  tipMinor: 1_100,
  totalMinor: 8_085,
  currency: 'USD',
  lines: [],
  tips: [],
};
const refund: EventPayload<'retail.payment.refunded.v1'> = {
  refundId: 'r1',
  paymentId: 'p1',
  ticketId: 't1',
  clientId: 'c1',
  method: 'card',
  amountMinor: 2_000,
  reason: 'Product returned',
  currency: 'USD',
  appointmentIds: ['a1'],
};
const payment: EventPayload<'retail.payment.succeeded.v1'> = {
  paymentId: 'p2',
  ticketId: 't1',
  clientId: 'c1',
  method: 'gift_card',
  amountMinor: 5_000,
  currency: 'USD',
  appointmentIds: ['a1'],
};

describe('spend from retail events', () => {
  it.each<[string, SpendChange | null, SpendChange | null]>([
    [
      'a sale adds its total (tax and tip included) at its close',
      saleSpend(sale),
      { clientId: 'c1', deltaMinor: 8_085, purchasedAt: sale.closedAt },
    ],
    ['a walk-in sale is nobody’s', saleSpend({ ...sale, clientId: null }), null],
    [
      'a refund takes its amount off and leaves the last purchase',
      refundSpend(refund),
      { clientId: 'c1', deltaMinor: -2_000, purchasedAt: null },
    ],
    ['a walk-in refund is nobody’s', refundSpend({ ...refund, clientId: null }), null],
    ['a refund of nothing changes nothing', refundSpend({ ...refund, amountMinor: 0 }), null],
    [
      'a gift card tender takes its amount off (the card’s sale was the spend)',
      storedValueSpend(payment),
      { clientId: 'c1', deltaMinor: -5_000, purchasedAt: null },
    ],
    [
      'a membership or package credit tender takes its amount off',
      storedValueSpend({ ...payment, method: 'prepaid_credit', amountMinor: 4_500 }),
      { clientId: 'c1', deltaMinor: -4_500, purchasedAt: null },
    ],
    ...(['cash', 'card', 'terminal', 'card_on_file'] as const).map((method): [string, SpendChange | null, null] => [
      `a ${method} tender is new money: no change`,
      storedValueSpend({ ...payment, method }),
      null,
    ]),
    ['a walk-in’s gift card tender is nobody’s', storedValueSpend({ ...payment, clientId: null }), null],
    ['a refund back onto a gift card changes nothing', refundSpend({ ...refund, method: 'gift_card' }), null],
    ['a refund back onto credits changes nothing', refundSpend({ ...refund, method: 'prepaid_credit' }), null],
  ])('%s', (_case, change, expected) => {
    expect(change).toEqual(expected);
  });
});
