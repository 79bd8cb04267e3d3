/** The texts of a password-reset message; pure so every wording is tested. */

import { renderActionEmailHtml } from '../../delivery/domain/email-layout.js';

export interface ResetEmail {
  subject: string;
  text: string;
  html: string;
}

export function resetLink(publicUrl: string, token: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/reset-password?token=${encodeURIComponent(token)}`;
}

export function renderResetEmail(input: { businessName: string; firstName: string | null; link: string }): ResetEmail {
  const greeting = input.firstName ? `Hi ${input.firstName},` : 'Hi,';
  const subject = `Reset your ${input.businessName} password`;
  const text = [
    greeting,
    '',
    `We received a request to reset the password of your ${input.businessName} account.`,
    'Open this link to choose a new password:',
    '',
    input.link,
    '',
    'The link is valid for 60 minutes and works once.',
    "If you didn't ask for this, you can ignore this e-mail: your password stays the same.",
    '',
    input.businessName,
  ].join('\n');
  const html = renderActionEmailHtml({
    greeting,
    intro: [`We received a request to reset the password of your ${input.businessName} account.`],
    action: { label: 'Choose a new password', link: input.link },
    linkNote: 'The link is valid for 60 minutes and works once. If the button does not work, paste this address into your browser:',
    outro: "If you didn't ask for this, you can ignore this e-mail: your password stays the same.",
    signature: input.businessName,
  });
  return { subject, text, html };
}

export function renderResetSms(input: { businessName: string; code: string }): string {
  return `${input.businessName}: your password reset code is ${input.code}. It expires in 10 minutes. If you didn't ask for it, ignore this message.`;
}
