/**
 * The texts asking a client to confirm a card payment their bank wants them to authenticate (SCA,
 * retail.payment.action-required.v1): the salon charged the card on file, the bank asked for the
 * client's own confirmation, and the link opens the card provider's page to give it. Pure, so every
 * wording is tested.
 */

import { oneLine } from '../../delivery/domain/client-message-rules.js';
import { renderActionEmailHtml } from '../../delivery/domain/email-layout.js';

export interface PaymentConfirmInput {
  businessName: string;
  firstName: string | null;
  amountMinor: number;
  currency: string;
  /** The card provider's confirm page (retail's actionUrl): only the client can complete it. */
  link: string;
}

/** $1,234.50 for USD; other currencies as "12.50 EUR" (the platform prices in USD, spec §9). */
export function formatAmount(amountMinor: number, currency: string): string {
  const value = (amountMinor / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return currency.toUpperCase() === 'USD' ? `$${value}` : `${value} ${currency.toUpperCase()}`;
}

export function renderPaymentConfirmSms(input: PaymentConfirmInput): string {
  const w = wording(input);
  return `${w.business}: ${w.greeting} your bank asks you to confirm the ${w.amount} card payment to us. Confirm it here: ${input.link} If you did not expect it, call us.`;
}

export function renderPaymentConfirmEmail(input: PaymentConfirmInput): { subject: string; text: string; html: string } {
  const w = wording(input);
  const intro = [
    `We charged ${w.amount} to the card you keep on file with us, and your bank asks you to confirm the payment yourself.`,
    'It takes a moment; the payment is not complete until you do.',
  ];
  const outro = 'If you did not expect this payment, do not confirm it: reply or call us.';
  const text = [w.greeting, '', ...intro, '', input.link, '', outro, '', w.business].join('\n');
  const html = renderActionEmailHtml({
    greeting: w.greeting,
    intro,
    action: { label: `Confirm the ${w.amount} payment`, link: input.link },
    linkNote: 'If the button does not work, paste this address into your browser:',
    outro,
    signature: w.business,
  });
  return { subject: `${w.business}: please confirm your ${w.amount} payment`, text, html };
}

function wording(input: PaymentConfirmInput) {
  const firstName = input.firstName ? oneLine(input.firstName) : '';
  return {
    business: oneLine(input.businessName),
    greeting: firstName ? `Hi ${firstName},` : 'Hi,',
    amount: formatAmount(input.amountMinor, input.currency),
  };
}
