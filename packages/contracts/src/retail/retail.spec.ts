import { describe, expect, it } from 'vitest';
import { parseEvent } from '../events.js';
import {
  discountInputSchema,
  openTicketInputSchema,
  payTicketInputSchema,
  posSettingsInputSchema,
  refundInputSchema,
  salesHistoryQuerySchema,
  tipInputSchema,
  updateTicketInputSchema,
} from './index.js';

const fields = (r: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }) =>
  (r.error?.issues ?? []).map((i) => i.path.map(String).join('.'));

describe('retail inputs', () => {
  it.each([
    [{ type: 'amount', amountMinor: 500, reason: 'Loyalty' }, []],
    [{ type: 'percent', percent: 12.5, reason: 'Staff' }, []],
    [{ type: 'percent', percent: 12.345, reason: 'Staff' }, ['percent']],
    [{ type: 'percent', percent: 120, reason: 'Staff' }, ['percent']],
    [{ type: 'amount', amountMinor: 0, reason: 'x' }, ['amountMinor']],
    [{ type: 'amount', amountMinor: 12.5, reason: 'x' }, ['amountMinor']],
    [{ type: 'amount', amountMinor: 100, reason: '  ' }, ['reason']],
  ])('discount %j → problems at %j', (input, expected) => {
    expect(fields(discountInputSchema.safeParse(input))).toEqual(expected);
  });

  it.each([
    [{ percent: 20 }, []],
    [{ amountMinor: 1000 }, []],
    [{ percent: 20, amountMinor: 1000 }, ['percent']],
    [{}, ['percent']],
    [{ amountMinor: 1000, split: [{ staffId: null, amountMinor: 1000 }] }, []],
  ])('tip %j → problems at %j', (input, expected) => {
    expect(fields(tipInputSchema.safeParse(input))).toEqual(expected);
  });

  it('names the fields of a bad ticket, payment, refund and settings', () => {
    expect(fields(openTicketInputSchema.safeParse({ locationId: 'x', appointmentIds: ['y'] }))).toEqual(['locationId', 'appointmentIds.0']);
    expect(fields(updateTicketInputSchema.safeParse({ version: 1, lines: [{ quantity: 0 }] }))).toEqual(['lines.0.quantity']);
    expect(fields(payTicketInputSchema.safeParse({ method: 'cheque', amountMinor: -1 }))).toEqual(['method', 'amountMinor']);
    expect(fields(refundInputSchema.safeParse({ amountMinor: 100 }))).toEqual(['reason']);
    expect(
      fields(
        posSettingsInputSchema.safeParse({ serviceTaxRate: 8.87501, productTaxRate: 10.25, tipPresets: [0], discountLimitPercent: 20 }),
      ),
    ).toEqual(['serviceTaxRate', 'tipPresets.0']);
    expect(fields(salesHistoryQuerySchema.safeParse({ from: '2026-11-01' }))).toEqual(['clientId']);
  });
});

describe('retail events', () => {
  const envelope = {
    id: '0190a0a0-0000-7000-8000-000000000001',
    occurredAt: '2026-11-23T15:00:00.000Z',
    aggregateType: 'ticket',
    aggregateId: 't1',
    locationId: 'l1',
    actor: { type: 'user', id: 'u1' },
    traceparent: null,
  };
  it('validates a payment, a closed ticket and a refund', () => {
    const payment = {
      paymentId: 'p1',
      ticketId: 't1',
      clientId: null,
      method: 'cash',
      amountMinor: 6600,
      currency: 'USD',
      appointmentIds: ['a1'],
    };
    expect(parseEvent({ ...envelope, type: 'retail.payment.succeeded.v1', payload: payment }).payload).toEqual(payment);
    expect(() => parseEvent({ ...envelope, type: 'retail.payment.succeeded.v1', payload: { ...payment, method: 'cheque' } })).toThrow(
      /payload\.method/,
    );
    const closed = {
      ticketId: 't1',
      number: 1001,
      clientId: 'c1',
      appointmentIds: ['a1'],
      closedAt: '2026-11-23T15:00:00.000Z',
      subtotalMinor: 5500,
      discountMinor: 0,
      taxMinor: 0,
      tipMinor: 1100,
      totalMinor: 6600,
      currency: 'USD',
      lines: [{ kind: 'service', name: 'Haircut', quantity: 1, netMinor: 5500, staffId: 's1', appointmentId: 'a1', serviceId: 'sv1' }],
      tips: [{ staffId: 's1', amountMinor: 1100 }],
    };
    expect(parseEvent({ ...envelope, type: 'retail.ticket.closed.v1', payload: closed }).type).toBe('retail.ticket.closed.v1');
    // Additive for payroll: a line names itself and its product; v1 events without them still parse.
    const withIds = { ...closed, lines: [{ ...closed.lines[0]!, lineId: 'l1', productId: null }] };
    expect(
      (parseEvent({ ...envelope, type: 'retail.ticket.closed.v1', payload: withIds }).payload as typeof withIds).lines[0],
    ).toMatchObject({
      lineId: 'l1',
      productId: null,
    });
    const refunded = { ...payment, refundId: 'r1', amountMinor: 1000, reason: 'Unhappy with the fringe' };
    expect(parseEvent({ ...envelope, type: 'retail.payment.refunded.v1', payload: refunded }).type).toBe('retail.payment.refunded.v1');
  });
});
