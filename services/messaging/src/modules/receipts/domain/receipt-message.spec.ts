import type { ReceiptView } from '@salon/contracts';
import { describe, expect, it } from 'vitest';
import { receiptRecipient, renderReceiptEmail, renderReceiptSms } from './receipt-message.js';

const client = { phone: '+13125550100', email: 'ana@example.com', smsConsent: true, smsOptedOut: false };
const receipt: ReceiptView = {
  ticketId: 't1',
  ticketNumber: 7,
  businessName: 'Willow\n& Sage',
  locationId: 'l1',
  locationName: 'Downtown',
  locationAddress: null,
  locationPhone: null,
  closedAt: '2026-03-10T20:30:00.000Z',
  timeZone: 'America/Chicago',
  clientId: 'c1',
  currency: 'USD',
  lines: [
    {
      kind: 'service',
      name: '<b>Cut</b>',
      quantity: 1,
      unitPriceMinor: 5000,
      performer: 'Dana',
      grossMinor: 5000,
      discountMinor: 0,
      discountReason: null,
      taxMinor: 0,
      totalMinor: 5000,
      feeReason: null,
    },
  ],
  subtotalMinor: 5000,
  discountMinor: 0,
  discountReason: null,
  taxMinor: 0,
  tipMinor: 0,
  totalMinor: 5000,
  paidMinor: 5000,
  changeMinor: 500,
  refundedMinor: 1000,
  tenders: [
    {
      method: 'cash',
      label: 'Cash',
      cardBrand: null,
      cardLast4: null,
      amountMinor: 5000,
      tenderedMinor: 5500,
      changeMinor: 500,
      refundedMinor: 1000,
      paidAt: '2026-03-10T20:30:00.000Z',
    },
  ],
  refunds: [{ amountMinor: 1000, reason: 'Goodwill', tender: 'Cash', refundedAt: '2026-03-11T10:00:00.000Z' }],
};

describe('receipt messages', () => {
  it.each([
    ['email', client, { to: 'ana@example.com' }],
    ['email', { ...client, email: null }, { refused: 'The client has no e-mail address' }],
    ['sms', client, { to: '+13125550100' }],
    ['sms', { ...client, phone: null }, { refused: 'The client has no phone number' }],
    ['sms', { ...client, smsConsent: false }, { refused: 'The client has not agreed to texts: no SMS is sent' }],
    ['sms', { ...client, smsOptedOut: true }, { refused: 'The client replied STOP to our texts: no SMS is sent' }],
    // A refused text is never sent as an e-mail instead: the desk chose the channel.
    ['sms', { ...client, smsConsent: false, email: 'ana@example.com' }, { refused: 'The client has not agreed to texts: no SMS is sent' }],
  ] as const)('%s to %j → %j', (channel, c, expected) => {
    expect(receiptRecipient(channel, c)).toEqual(expected);
  });

  it('texts the total, how it was paid and what was refunded, on one line', () => {
    expect(renderReceiptSms({ receipt, firstName: 'Ana' })).toBe(
      'Willow & Sage: Hi Ana, thank you! Receipt #7, Mar 10, 2026: total $50.00, paid Cash $50.00. Refunded $10.00.',
    );
  });

  it('e-mails every line, change and refunds, with names escaped in the HTML', () => {
    const email = renderReceiptEmail({ receipt, firstName: null });
    expect(email.subject).toBe('Willow & Sage: your receipt #7 ($50.00)');
    expect(email.text).toContain('<b>Cut</b> (Dana): $50.00');
    expect(email.text).toContain('Change: $5.00');
    expect(email.text).toContain('Refunded to Cash: Goodwill: -$10.00');
    expect(email.html).toContain('&lt;b&gt;Cut&lt;/b&gt;');
    expect(email.html).not.toContain('<b>Cut</b>');
  });
});
