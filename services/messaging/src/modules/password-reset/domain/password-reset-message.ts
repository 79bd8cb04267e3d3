/** The texts of a password-reset message; pure so every wording is tested. */

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
  const b = escapeHtml(input.businessName);
  const html = `<!doctype html>
<html><body style="margin:0;padding:24px;background:#f6f5fb;font-family:Helvetica,Arial,sans-serif;color:#111827">
<table role="presentation" width="100%" style="max-width:520px;margin:0 auto;background:#ffffff;border-radius:12px;padding:32px">
<tr><td>
<p style="font-size:16px;margin:0 0 16px">${escapeHtml(greeting)}</p>
<p style="font-size:16px;margin:0 0 24px">We received a request to reset the password of your ${b} account.</p>
<p style="margin:0 0 24px"><a href="${escapeHtml(input.link)}" style="display:inline-block;background:#8b5cf6;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:8px;font-weight:bold">Choose a new password</a></p>
<p style="font-size:14px;color:#6b7280;margin:0 0 8px">The link is valid for 60 minutes and works once. If the button does not work, paste this address into your browser:</p>
<p style="font-size:13px;word-break:break-all;margin:0 0 24px"><a href="${escapeHtml(input.link)}" style="color:#6d28d9">${escapeHtml(input.link)}</a></p>
<p style="font-size:14px;color:#6b7280;margin:0">If you didn't ask for this, you can ignore this e-mail: your password stays the same.</p>
<p style="font-size:14px;color:#6b7280;margin:24px 0 0">${b}</p>
</td></tr></table></body></html>`;
  return { subject, text, html };
}

export function renderResetSms(input: { businessName: string; code: string }): string {
  return `${input.businessName}: your password reset code is ${input.code}. It expires in 10 minutes. If you didn't ask for it, ignore this message.`;
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}
