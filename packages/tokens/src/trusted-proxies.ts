import { isIP } from 'node:net';

/** Express's names for address ranges ("trust proxy"), usable in TRUSTED_PROXIES. */
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * TRUSTED_PROXIES: the hops whose X-Forwarded-For is believed, as a comma- or space-separated
 * list of addresses, CIDR ranges and Express's names (`loopback`, `linklocal`, `uniquelocal`).
 * Empty trusts nobody: the client address is the connection's. Hop counts and `true` are not
 * accepted: they believe whatever header a client sends.
 * Returns the list for Express's `trust proxy`, or a message naming the first bad entry.
 */
export function parseTrustedProxies(value: string): { ok: true; list: string[] } | { ok: false; message: string } {
  const list = value
    .split(/[\s,]+/)
    .map((entry) => entry.trim())
    .filter(Boolean);
  for (const entry of list) {
    if (NAMED_RANGES.has(entry)) continue;
    const [address, bits, extra] = entry.split('/');
    const family = isIP(address);
    const maxBits = family === 4 ? 32 : 128;
    const bitsOk = bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= maxBits);
    if (!family || !bitsOk || extra !== undefined) {
      return {
        ok: false,
        message: `"${entry}" is not an address, a CIDR range or one of loopback, linklocal, uniquelocal`,
      };
    }
  }
  return { ok: true, list };
}
