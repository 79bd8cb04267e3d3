import type { TicketView } from '@salon/contracts';
import { describe, expect, it } from 'vitest';
import { buildReceipt, noReceiptReason, ReceiptUnavailableError, safeLast4, tenderLabel, type ReceiptPayment } from './receipt.rules.js';

const place = {
  businessName: 'Willow & Sage',
  locationName: 'Downtown',
  locationAddress: null,
  locationPhone: null,
  timeZone: 'America/Chicago',
};
const line = (o: Partial<TicketView['lines'][number]>): TicketView['lines'][number] => ({
  id: 'l1',
  kind: 'service',
  name: 'Haircut',
  quantity: 1,
  unitPriceMinor: 5500,
  listUnitPriceMinor: 5500,
  staffId: 's1',
  staffName: 'Dana Lee',
  appointmentId: null,
  serviceId: null,
  productId: null,
  discount: null,
  grossMinor: 5500,
  discountMinor: 0,
  netMinor: 5500,
  taxRate: 0,
  taxMinor: 0,
  totalMinor: 5500,
  ...o,
});
const ticket = (o: Partial<TicketView> = {}): TicketView => ({
  id: 't1',
  number: 12,
  locationId: 'loc',
  clientId: 'c1',
  status: 'closed',
  appointmentIds: [],
  lines: [line({}), line({ id: 'l2', kind: 'fee', name: 'Deposit kept: no-show', staffId: null, staffName: 'Dana Lee', totalMinor: 2000 })],
  discount: null,
  tip: null,
  currency: 'USD',
  serviceTaxRate: 0,
  productTaxRate: 0,
  subtotalMinor: 7500,
  discountMinor: 0,
  taxMinor: 0,
  tipMinor: 0,
  totalMinor: 7500,
  paidMinor: 7500,
  refundedMinor: 0,
  balanceMinor: 0,
  openedBy: null,
  openedAt: '2026-11-23T16:00:00.000Z',
  closedAt: '2026-11-23T17:00:00.000Z',
  voidedAt: null,
  voidReason: null,
  version: 3,
  ...o,
});
const payment = (o: Partial<ReceiptPayment> = {}): ReceiptPayment => ({
  method: 'cash',
  status: 'succeeded',
  amountMinor: 7500,
  tenderedMinor: 8000,
  changeMinor: 500,
  refundedMinor: 0,
  cardBrand: null,
  cardLast4: null,
  createdAt: new Date('2026-11-23T17:00:00.000Z'),
  refunds: [],
  ...o,
});

describe('receipt rules', () => {
  it.each([
    ['cash', null, null, 'Cash'],
    ['card', null, null, 'Card'],
    ['card', 'visa', '4242', 'Visa •••• 4242'],
    ['card_on_file', 'mastercard', '4444', 'Mastercard •••• 4444'],
    ['terminal', null, '0005', 'Card •••• 0005'],
    ['card', 'visa', '4242424242424242', 'Card'],
    ['card', 'visa', '42a2', 'Card'],
  ] as const)('labels %s %s %s as %s', (method, brand, last4, label) => {
    expect(tenderLabel(method, brand, last4)).toBe(label);
  });

  it('never keeps more of a card than four digits', () => {
    expect(safeLast4('4242')).toBe('4242');
    expect(safeLast4('4242424242424242')).toBeNull();
    expect(safeLast4(null)).toBeNull();
  });

  it('takes the ticket’s totals as they are, the performer of service lines only, and the fee’s recorded reason', () => {
    const r = buildReceipt(ticket(), [payment()], place, ['No-show: the deposit is kept']);
    expect(r).toMatchObject({
      totalMinor: 7500,
      paidMinor: 7500,
      changeMinor: 500,
      businessName: 'Willow & Sage',
      closedAt: '2026-11-23T17:00:00.000Z',
    });
    expect(r.lines.map((l) => [l.kind, l.performer, l.feeReason])).toEqual([
      ['service', 'Dana Lee', null],
      ['fee', null, 'No-show: the deposit is kept'],
    ]);
    // Without a recorded reason, the fee's own name reads as its reason.
    expect(buildReceipt(ticket(), [payment()], place, []).lines[1]!.feeReason).toBe('Deposit kept: no-show');
  });

  it('reads a fee typed at the desk with its own reason, leaving recorded reasons to the fee lines without one', () => {
    const base = ticket();
    const typed = { ...base.lines[1]!, id: 'l3', name: 'Late fee', reason: 'Arrived 30 minutes late' };
    const r = buildReceipt({ ...base, lines: [...base.lines, typed] }, [payment()], place, ['No-show: the deposit is kept']);
    expect(r.lines.map((l) => l.feeReason)).toEqual([null, 'No-show: the deposit is kept', 'Arrived 30 minutes late']);
    const first = buildReceipt({ ...base, lines: [base.lines[0]!, typed, base.lines[1]!] }, [payment()], place, ['No-show: kept']);
    expect(first.lines.map((l) => l.feeReason)).toEqual([null, 'Arrived 30 minutes late', 'No-show: kept']);
  });

  it('lists only taken tenders, and refunds in the order they were made with the tender they went to', () => {
    const r = buildReceipt(
      ticket(),
      [
        payment({ method: 'card', status: 'failed', cardBrand: 'visa', cardLast4: '0002', changeMinor: 0 }),
        payment({
          method: 'card',
          cardBrand: 'visa',
          cardLast4: '4242',
          changeMinor: 0,
          refunds: [
            { amountMinor: 300, reason: 'Late', createdAt: new Date('2026-11-24T10:00:00Z') },
            { amountMinor: 200, reason: 'Early', createdAt: new Date('2026-11-23T18:00:00Z') },
          ],
        }),
      ],
      place,
      [],
    );
    expect(r.tenders.map((x) => x.label)).toEqual(['Visa •••• 4242']);
    expect(r.refunds.map((x) => [x.reason, x.tender])).toEqual([
      ['Early', 'Visa •••• 4242'],
      ['Late', 'Visa •••• 4242'],
    ]);
  });

  it('has none for an open or voided ticket, saying why', () => {
    expect(noReceiptReason(ticket({ status: 'open' }))).toBe('Ticket #12 is not paid yet: it has a receipt once it closes');
    expect(noReceiptReason(ticket({ status: 'voided' }))).toBe('Ticket #12 was voided: it has no receipt');
    expect(() => buildReceipt(ticket({ status: 'open', closedAt: null }), [], place, [])).toThrow(ReceiptUnavailableError);
  });
});
