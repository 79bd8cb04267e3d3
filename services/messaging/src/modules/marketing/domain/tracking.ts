import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * What a tracking link says: a campaign e-mail was opened by this client (the pixel), or this
 * client clicked this address in it.
 */
export type TrackingClaim =
  { kind: 'open'; campaignId: string; clientId: string } | { kind: 'click'; campaignId: string; clientId: string; url: string };

const VERSION = 't1';
const b64 = (s: string | Buffer) => Buffer.from(s).toString('base64url');

function signature(secret: string, payload: string): Buffer {
  // Purpose-prefixed: a tracking MAC is never a valid unsubscribe MAC, and the other way round.
  return createHmac('sha256', secret).update(`marketing-tracking\0${payload}`).digest();
}

/**
 * The token of a tracked link or open pixel: `t1.<payload>.<HMAC-SHA256>`, base64url. The
 * destination is inside the signed payload, so the redirect goes only where the campaign's own
 * e-mail pointed (no open redirect), and nobody can count a click or an open for another client
 * or campaign without the secret.
 */
export function signTrackingToken(secret: string, claim: TrackingClaim): string {
  const fields = claim.kind === 'click' ? ['c', claim.campaignId, claim.clientId, claim.url] : ['o', claim.campaignId, claim.clientId];
  const payload = b64(JSON.stringify(fields));
  return `${VERSION}.${payload}.${b64(signature(secret, payload))}`;
}

/** The claim, or null for anything not signed with this secret (forged, altered, cut short). */
export function verifyTrackingToken(secret: string, token: string): TrackingClaim | null {
  if (typeof token !== 'string' || token.length > 4000) return null;
  const parts = token.split('.');
  if (parts.length !== 3 || parts[0] !== VERSION) return null;
  const [, payload, mac] = parts as [string, string, string];
  const expected = signature(secret, payload);
  const given = Buffer.from(mac, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const value: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    if (!Array.isArray(value) || !value.every((v) => typeof v === 'string')) return null;
    const [kind, campaignId, clientId, url] = value as string[];
    if (kind === 'o' && value.length === 3) return { kind: 'open', campaignId: campaignId!, clientId: clientId! };
    if (kind === 'c' && value.length === 4 && isTrackableUrl(url!))
      return { kind: 'click', campaignId: campaignId!, clientId: clientId!, url: url! };
    return null;
  } catch {
    return null;
  }
}

/** Only web links are tracked (and redirected to): never mailto:, tel:, anchors or scripts. */
export function isTrackableUrl(href: string): boolean {
  try {
    const u = new URL(href);
    return u.protocol === 'https:' || u.protocol === 'http:';
  } catch {
    return false;
  }
}

export interface TrackingUrls {
  /** The public address that records a click on `href` and redirects there. */
  click(href: string): string;
  /** The public address of the open pixel. */
  open: string;
}

const ENTITY = /&(amp|quot|#39|lt|gt);/g;
const DECODE: Record<string, string> = { amp: '&', quot: '"', '#39': "'", lt: '<', gt: '>' };
const escapeAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * A designed e-mail with its web links sent through the tracker and an open pixel at the end of
 * the body. Links that are not http(s) stay as they are, and so does any link the caller keeps
 * out (`keep`, e.g. the unsubscribe link, which must work without a redirect).
 */
export function trackEmailHtml(html: string, urls: TrackingUrls, keep: (href: string) => boolean = () => false): string {
  const linked = html.replace(/(<a\b[^>]*?\shref\s*=\s*)(["'])([^"']*)\2/gi, (whole, before: string, quote: string, raw: string) => {
    const href = raw.trim().replace(ENTITY, (_m, e: string) => DECODE[e]!);
    if (!isTrackableUrl(href) || keep(href)) return whole;
    return `${before}${quote}${escapeAttr(urls.click(href))}${quote}`;
  });
  const pixel = `<img src="${escapeAttr(urls.open)}" width="1" height="1" alt="" style="display:block;border:0;width:1px;height:1px">`;
  return /<\/body>/i.test(linked) ? linked.replace(/<\/body>/i, `${pixel}</body>`) : `${linked}${pixel}`;
}
