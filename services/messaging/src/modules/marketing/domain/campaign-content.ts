import { SMS_STOP_FOOTER } from '@salon/contracts';
import { trackEmailHtml, type TrackingUrls } from './tracking.js';

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", apos: "'", nbsp: ' ' };

/**
 * The plain-text part of a designed e-mail: block elements become line breaks, links keep their
 * address, tags, styles and scripts go. Good enough for mail clients that show text only.
 */
export function htmlToText(html: string): string {
  return html
    .replace(/<(style|script|head|title)[^>]*>[\s\S]*?<\/\1>/gi, '')
    .replace(/<a\s[^>]*href=["']([^"']+)["'][^>]*>([\s\S]*?)<\/a>/gi, (_m, href: string, label: string) => {
      const text = label.replace(/<[^>]+>/g, '').trim();
      return text && text !== href ? `${text} (${href})` : href;
    })
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|h[1-6]|li|tr|table|section|td)>/gi, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&(#?\w+);/g, (m, e: string) => ENTITIES[e] ?? m)
    .split('\n')
    .map((l) => l.replace(/[ \t\r]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/**
 * The e-mail as sent: the designed HTML (its web links through the click tracker and an open
 * pixel, when `tracking` is given) with an unsubscribe line at the end, and its text part (from
 * the untracked HTML: plain-text readers see the real addresses).
 */
export function campaignEmail(
  html: string,
  plainText: string | null,
  unsubscribeUrl: string,
  tracking?: TrackingUrls,
): { html: string; text: string } {
  const designed = tracking ? trackEmailHtml(html, tracking) : html;
  const footer = `<p style="font-size:12px;color:#555;text-align:center;margin:24px 0">You get this e-mail because you agreed to hear from us. <a href="${escapeAttr(unsubscribeUrl)}">Unsubscribe</a></p>`;
  const withFooter = /<\/body>/i.test(designed) ? designed.replace(/<\/body>/i, `${footer}</body>`) : `${designed}${footer}`;
  const text = (plainText && plainText.trim()) || htmlToText(html);
  return { html: withFooter, text: `${text}\n\nUnsubscribe: ${unsubscribeUrl}` };
}

/** A marketing text always ends with how to opt out. */
export function campaignSms(text: string): string {
  const body = text.trim();
  return body.toUpperCase().includes('STOP') ? body : `${body}\n${SMS_STOP_FOOTER}`;
}

function escapeAttr(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}
