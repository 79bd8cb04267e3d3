import { createHmac, timingSafeEqual } from 'node:crypto';

/** Who a one-click unsubscribe link is for: the campaign that carried it, the client, and the channel. */
export interface UnsubscribeClaim {
  campaignId: string;
  clientId: string;
  channel: 'email' | 'sms';
}

const VERSION = 'u1';
const b64 = (s: string | Buffer) => Buffer.from(s).toString('base64url');

function signature(secret: string, payload: string): Buffer {
  // A purpose prefix keeps this MAC apart from any other use of the same secret.
  return createHmac('sha256', secret).update(`marketing-unsubscribe\0${payload}`).digest();
}

/**
 * The token in an unsubscribe link: `u1.<payload>.<HMAC-SHA256>`, base64url. It needs no session
 * (the link is clicked from a mailbox) and no database row, and it cannot be made for another
 * client without the secret: changing any byte of the payload breaks the MAC.
 */
export function signUnsubscribeToken(secret: string, claim: UnsubscribeClaim): string {
  const payload = b64(JSON.stringify([claim.campaignId, claim.clientId, claim.channel]));
  return `${VERSION}.${payload}.${b64(signature(secret, payload))}`;
}

/** The claim, or null for anything not signed with this secret (forged, altered, cut short, another version). */
export function verifyUnsubscribeToken(secret: string, token: string): UnsubscribeClaim | null {
  if (typeof token !== 'string' || token.length > 1000) return null;
  const parts = token.split('.');
  if (parts.length !== 3 || parts[0] !== VERSION) return null;
  const [, payload, mac] = parts as [string, string, string];
  const expected = signature(secret, payload);
  const given = Buffer.from(mac, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const value: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    if (!Array.isArray(value) || value.length !== 3 || !value.every((v) => typeof v === 'string')) return null;
    const [campaignId, clientId, channel] = value as [string, string, string];
    if (channel !== 'email' && channel !== 'sms') return null;
    return { campaignId, clientId, channel };
  } catch {
    return null;
  }
}
