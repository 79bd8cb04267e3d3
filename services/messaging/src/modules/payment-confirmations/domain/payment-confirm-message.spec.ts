import { describe, expect, it } from 'vitest';
import { formatAmount, renderPaymentConfirmEmail, renderPaymentConfirmSms, type PaymentConfirmInput } from './payment-confirm-message.js';

const LINK = 'http://127.0.0.1:8007/hosted/authenticate/pi_1?client_secret=pi_1_secret_x';
const input = (o: Partial<PaymentConfirmInput> = {}): PaymentConfirmInput => ({
  businessName: 'Willow & Sage',
  firstName: 'Ana',
  amountMinor: 12550,
  currency: 'USD',
  link: LINK,
  ...o,
});

describe('payment confirmation messages', () => {
  it.each([
    [12550, 'USD', '$125.50'],
    [123450, 'usd', '$1,234.50'],
    [1250, 'EUR', '12.50 EUR'],
  ])('formats %i %s as %s', (minor, currency, text) => {
    expect(formatAmount(minor, currency)).toBe(text);
  });

  it('texts the amount and the link', () => {
    expect(renderPaymentConfirmSms(input())).toBe(
      `Willow & Sage: Hi Ana, your bank asks you to confirm the $125.50 card payment to us. Confirm it here: ${LINK} If you did not expect it, call us.`,
    );
    expect(renderPaymentConfirmSms(input({ firstName: null }))).toContain('Willow & Sage: Hi, your bank');
  });

  it('e-mails the amount with a button to the link, and says what to do when it was not expected', () => {
    const email = renderPaymentConfirmEmail(input());
    expect(email.subject).toBe('Willow & Sage: please confirm your $125.50 payment');
    expect(email.text).toContain(LINK);
    expect(email.text).toContain('do not confirm it');
    expect(email.html).toContain('Confirm the $125.50 payment');
    expect(email.html).toContain(LINK.replace('&', '&amp;').split('?')[0]);
  });

  it('keeps a business name on one line', () => {
    expect(renderPaymentConfirmSms(input({ businessName: 'Willow\n& Sage' }))).toMatch(/^Willow & Sage: /);
  });
});
