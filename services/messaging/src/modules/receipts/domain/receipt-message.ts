/**
 * A closed ticket's receipt as a message (retail.receipt.requested.v1): the e-mail lists every line,
 * the totals and how it was paid; the text gives the total and how it was paid. Which channel the
 * desk asked for decides; consent decides whether it may go (`receiptRecipient`). Pure, so every
 * wording and every refusal is tested.
 */
import type { ReceiptView } from '@salon/contracts';
import { localDateTime, oneLine } from '../../delivery/domain/client-message-rules.js';
import { escapeHtml } from '../../delivery/domain/email-layout.js';
import { formatAmount } from '../../payment-confirmations/domain/payment-confirm-message.js';

export interface ReceiptRecipient {
  phone: string | null;
  email: string | null;
  smsConsent: boolean;
  /** The number replied STOP here (messaging's own opt-out list). */
  smsOptedOut: boolean;
}

export type ReceiptRecipientChoice = { to: string } | { refused: string };

/**
 * The address the receipt goes to, or why it may not go. A text needs a phone whose owner agreed
 * to texts and did not reply STOP: without that it is refused, never sent as an e-mail instead (the
 * desk asked for a text and is told why not). An e-mail receipt answers the client's own purchase,
 * so like a booking confirmation it is transactional: it needs an address, not marketing consent
 * (the suppression list of bounced and complaining addresses still applies when it is delivered).
 */
export function receiptRecipient(channel: 'email' | 'sms', c: ReceiptRecipient): ReceiptRecipientChoice {
  if (channel === 'email') return c.email ? { to: c.email } : { refused: 'The client has no e-mail address' };
  if (!c.phone) return { refused: 'The client has no phone number' };
  if (c.smsOptedOut) return { refused: 'The client replied STOP to our texts: no SMS is sent' };
  if (!c.smsConsent) return { refused: 'The client has not agreed to texts: no SMS is sent' };
  return { to: c.phone };
}

export interface ReceiptMessageInput {
  receipt: ReceiptView;
  firstName: string | null;
}

export function renderReceiptSms({ receipt: r, firstName }: ReceiptMessageInput): string {
  const money = (m: number) => formatAmount(m, r.currency);
  const when = localDateTime(r.closedAt, r.timeZone);
  const paid = r.tenders.map((t) => `${oneLine(t.label)} ${money(t.amountMinor)}`).join(', ');
  const greeting = firstName ? `Hi ${oneLine(firstName)}, thank you!` : 'Thank you!';
  const refunded = r.refundedMinor > 0 ? ` Refunded ${money(r.refundedMinor)}.` : '';
  return `${oneLine(r.businessName)}: ${greeting} Receipt #${r.ticketNumber}, ${when.date}: total ${money(r.totalMinor)}, paid ${paid || money(r.paidMinor)}.${refunded}`;
}

export function renderReceiptEmail({ receipt: r, firstName }: ReceiptMessageInput): { subject: string; text: string; html: string } {
  const money = (m: number) => formatAmount(m, r.currency);
  const when = localDateTime(r.closedAt, r.timeZone);
  const business = oneLine(r.businessName);
  const greeting = firstName ? `Hi ${oneLine(firstName)},` : 'Hi,';
  const rows: [string, string][] = [];
  for (const l of r.lines) {
    const qty = l.quantity > 1 ? ` × ${l.quantity}` : '';
    const by = l.performer ? ` (${oneLine(l.performer)})` : '';
    rows.push([`${oneLine(l.name)}${qty}${by}`, money(l.grossMinor)]);
    if (l.discountMinor > 0)
      rows.push([`  Discount${l.discountReason ? `: ${oneLine(l.discountReason)}` : ''}`, `-${money(l.discountMinor)}`]);
    if (l.feeReason && l.feeReason !== l.name) rows.push([`  ${oneLine(l.feeReason)}`, '']);
  }
  const totals: [string, string][] = [['Subtotal', money(r.subtotalMinor)]];
  if (r.discountMinor > 0)
    totals.push([`Discounts${r.discountReason ? ` (${oneLine(r.discountReason)})` : ''}`, `-${money(r.discountMinor)}`]);
  totals.push(['Tax', money(r.taxMinor)]);
  if (r.tipMinor > 0) totals.push(['Tip', money(r.tipMinor)]);
  totals.push(['Total', money(r.totalMinor)]);
  const paid: [string, string][] = r.tenders.map((t) => [`Paid: ${oneLine(t.label)}`, money(t.amountMinor)]);
  if (r.changeMinor > 0) paid.push(['Change', money(r.changeMinor)]);
  const refunds: [string, string][] = r.refunds.map((x) => [
    `Refunded to ${oneLine(x.tender)}: ${oneLine(x.reason)}`,
    `-${money(x.amountMinor)}`,
  ]);
  const place = [oneLine(r.locationName), r.locationAddress ? oneLine(r.locationAddress) : null, r.locationPhone]
    .filter(Boolean)
    .join(' · ');
  const heading = `Receipt #${r.ticketNumber} · ${when.date} ${when.time}`;
  const textRows = (list: [string, string][]) => list.map(([a, b]) => (b ? `${a}: ${b}` : a));
  const text = [
    greeting,
    '',
    `Thank you for your visit. Here is your receipt.`,
    '',
    business,
    place,
    heading,
    '',
    ...textRows(rows),
    '',
    ...textRows(totals),
    ...textRows(paid),
    ...(refunds.length ? ['', ...textRows(refunds)] : []),
    '',
    business,
  ].join('\n');
  const tr = ([a, b]: [string, string], strong = false) =>
    `<tr><td style="padding:4px 0;${strong ? 'font-weight:bold;' : ''}">${escapeHtml(a)}</td><td style="padding:4px 0;text-align:right;${strong ? 'font-weight:bold;' : ''}">${escapeHtml(b)}</td></tr>`;
  const html = `<!doctype html>
<html><body style="margin:0;padding:24px;background:#f6f5fb;font-family:Helvetica,Arial,sans-serif;color:#111827">
<table role="presentation" width="100%" style="max-width:520px;margin:0 auto;background:#ffffff;border-radius:12px;padding:32px">
<tr><td>
<p style="font-size:16px;margin:0 0 16px">${escapeHtml(greeting)}</p>
<p style="font-size:16px;margin:0 0 24px">Thank you for your visit. Here is your receipt.</p>
<p style="font-size:18px;font-weight:bold;margin:0">${escapeHtml(business)}</p>
<p style="font-size:14px;color:#6b7280;margin:0 0 4px">${escapeHtml(place)}</p>
<p style="font-size:14px;color:#6b7280;margin:0 0 16px">${escapeHtml(heading)}</p>
<table role="presentation" width="100%" style="font-size:14px;border-collapse:collapse">
${rows.map((row) => tr(row)).join('\n')}
<tr><td colspan="2"><hr style="border:none;border-top:1px solid #e5e7eb"></td></tr>
${totals.map((row) => tr(row, row[0] === 'Total')).join('\n')}
${paid.map((row) => tr(row)).join('\n')}
${refunds.map((row) => tr(row)).join('\n')}
</table>
<p style="font-size:14px;color:#6b7280;margin:24px 0 0">${escapeHtml(business)}</p>
</td></tr></table></body></html>`;
  return { subject: `${business}: your receipt #${r.ticketNumber} (${money(r.totalMinor)})`, text, html };
}
