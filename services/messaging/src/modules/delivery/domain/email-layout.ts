/**
 * The one HTML layout of the service's transactional e-mails (a card with a call-to-action button
 * and the link spelled out under it); pure. Every text passed in is plain text and is escaped here,
 * so names and service names coming from other services cannot inject markup.
 */

export interface ActionEmailContent {
  greeting: string;
  /** Paragraphs before the button. */
  intro: string[];
  /** The button (and the link written out under it); none for a message with nothing to click. */
  action?: { label: string; link: string };
  /** Under the button, just before the link is written out. */
  linkNote?: string;
  outro: string;
  signature: string;
}

export function renderActionEmailHtml(c: ActionEmailContent): string {
  const paragraphs = [c.greeting, ...c.intro];
  const lead = paragraphs
    .map((p, i) => `<p style="font-size:16px;margin:${i === paragraphs.length - 1 ? '0 0 24px' : '0 0 16px'}">${escapeHtml(p)}</p>`)
    .join('\n');
  return `<!doctype html>
<html><body style="margin:0;padding:24px;background:#f6f5fb;font-family:Helvetica,Arial,sans-serif;color:#111827">
<table role="presentation" width="100%" style="max-width:520px;margin:0 auto;background:#ffffff;border-radius:12px;padding:32px">
<tr><td>
${lead}
${c.action ? actionBlock(c.action, c.linkNote ?? '') : ''}<p style="font-size:14px;color:#6b7280;margin:0">${escapeHtml(c.outro)}</p>
<p style="font-size:14px;color:#6b7280;margin:24px 0 0">${escapeHtml(c.signature)}</p>
</td></tr></table></body></html>`;
}

function actionBlock(action: { label: string; link: string }, note: string): string {
  const link = escapeHtml(action.link);
  return `<p style="margin:0 0 24px"><a href="${link}" style="display:inline-block;background:#8b5cf6;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:8px;font-weight:bold">${escapeHtml(action.label)}</a></p>
<p style="font-size:14px;color:#6b7280;margin:0 0 8px">${escapeHtml(note)}</p>
<p style="font-size:13px;word-break:break-all;margin:0 0 24px"><a href="${link}" style="color:#6d28d9">${link}</a></p>
`;
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}
