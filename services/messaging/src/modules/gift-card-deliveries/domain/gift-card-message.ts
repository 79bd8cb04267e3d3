import { DateTime } from 'luxon';
import { escapeHtml } from '../../delivery/domain/email-layout.js';
import { formatAmount } from '../../payment-confirmations/domain/payment-confirm-message.js';

/** The salon's look, as its booking page shows it (scheduling's booking design). */
export interface SalonLook {
  primaryColor: string;
  backgroundColor: string;
  logoUrl: string | null;
}

export const DEFAULT_LOOK: SalonLook = { primaryColor: '#8b5cf6', backgroundColor: '#f6f5fb', logoUrl: null };

export interface GiftCardMessageInput {
  businessName: string;
  recipientName: string;
  buyerName: string;
  message: string | null;
  amountMinor: number;
  currency: string;
  /** As the recipient types it: XXXX-XXXX-XXXX-XXXX-XXXX. */
  code: string;
  expiresAt: string | null;
  timeZone: string;
  /** Where to book with it. */
  bookingLink: string;
  look: SalonLook;
}

/** A colour from the design, only if it is a plain hex colour (anything else could break out of the style attribute). */
export function safeColor(value: string, fallback: string): string {
  return /^#[0-9a-f]{3}([0-9a-f]{3})?$/i.test(value) ? value : fallback;
}

export function bookingLink(publicUrl: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/booking`;
}

/**
 * The recipient's e-mail: who sent it and their note, the amount, the code (large, in the salon's
 * colour), the expiry as US rules require it shown (or that it never expires), and the booking link.
 * Every text from the buyer or the business is escaped; colours are hex only; the logo an https/http URL.
 */
export function renderGiftCardEmail(i: GiftCardMessageInput): { subject: string; text: string; html: string } {
  const amount = formatAmount(i.amountMinor, i.currency);
  const expiry = i.expiresAt
    ? `Valid until ${DateTime.fromISO(i.expiresAt, { zone: i.timeZone }).toFormat('LLL d, yyyy')}.`
    : 'It never expires.';
  const subject = `${i.buyerName} sent you a ${amount} gift card to ${i.businessName}`;
  const text = [
    `Hi ${i.recipientName},`,
    '',
    `${i.buyerName} sent you a ${amount} gift card to ${i.businessName}.`,
    ...(i.message ? ['', `"${i.message}"`] : []),
    '',
    `Your code: ${i.code}`,
    expiry,
    '',
    `Book a visit and give the code at checkout: ${i.bookingLink}`,
    '',
    `${i.businessName}`,
  ].join('\n');
  const primary = safeColor(i.look.primaryColor, DEFAULT_LOOK.primaryColor);
  const background = safeColor(i.look.backgroundColor, DEFAULT_LOOK.backgroundColor);
  const logo = i.look.logoUrl && /^https?:\/\//.test(i.look.logoUrl) ? i.look.logoUrl : null;
  const link = escapeHtml(i.bookingLink);
  const html = `<!doctype html>
<html><body style="margin:0;padding:24px;background:${background};font-family:Helvetica,Arial,sans-serif;color:#111827">
<table role="presentation" width="100%" style="max-width:520px;margin:0 auto;background:#ffffff;border-radius:12px;padding:32px">
<tr><td>
${logo ? `<p style="margin:0 0 16px"><img src="${escapeHtml(logo)}" alt="${escapeHtml(i.businessName)}" style="max-height:56px"></p>\n` : ''}<p style="font-size:16px;margin:0 0 16px">Hi ${escapeHtml(i.recipientName)},</p>
<p style="font-size:16px;margin:0 0 16px">${escapeHtml(i.buyerName)} sent you a gift card to ${escapeHtml(i.businessName)}.</p>
${i.message ? `<p style="font-size:16px;font-style:italic;margin:0 0 16px;border-left:4px solid ${primary};padding-left:12px">${escapeHtml(i.message)}</p>\n` : ''}<div style="border:2px solid ${primary};border-radius:12px;padding:20px;text-align:center;margin:0 0 24px">
<p style="font-size:32px;font-weight:bold;color:${primary};margin:0 0 8px">${escapeHtml(amount)}</p>
<p style="font-size:14px;color:#6b7280;margin:0 0 4px">Your code</p>
<p style="font-size:20px;font-family:Menlo,Consolas,monospace;letter-spacing:2px;margin:0 0 8px">${escapeHtml(i.code)}</p>
<p style="font-size:13px;color:#6b7280;margin:0">${escapeHtml(expiry)}</p>
</div>
<p style="margin:0 0 24px"><a href="${link}" style="display:inline-block;background:${primary};color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:8px;font-weight:bold">Book a visit</a></p>
<p style="font-size:14px;color:#6b7280;margin:0">Give the code at checkout. ${link}</p>
<p style="font-size:14px;color:#6b7280;margin:24px 0 0">${escapeHtml(i.businessName)}</p>
</td></tr></table></body></html>`;
  return { subject, text, html };
}
