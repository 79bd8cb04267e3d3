import { describe, expect, it } from 'vitest';
import { isPublishedSecret } from './config-secrets.js';
import { parseTrustedProxies } from './trusted-proxies.js';

describe('parseTrustedProxies', () => {
  it('reads addresses, ranges and Express names, comma or space separated', () => {
    expect(parseTrustedProxies('loopback, 10.0.0.0/8 fd00::/8,192.168.1.7')).toEqual({
      ok: true,
      list: ['loopback', '10.0.0.0/8', 'fd00::/8', '192.168.1.7'],
    });
  });

  it('trusts nobody when empty', () => {
    expect(parseTrustedProxies('')).toEqual({ ok: true, list: [] });
  });

  it('refuses hop counts, `true` and bad ranges, naming the entry', () => {
    for (const bad of ['1', 'true', '10.0.0.0/33', 'proxy.example.com', '10.0.0.1/8/2']) {
      const result = parseTrustedProxies(`loopback,${bad}`);
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.message).toContain(`"${bad}"`);
    }
  });
});

describe('isPublishedSecret', () => {
  it('knows the development defaults this repository once shipped', () => {
    expect(isPublishedSecret('dev-only-insecure-jwt-secret-change-me-0123456789')).toBe(true);
    expect(isPublishedSecret('change-me-change-me-change-me-change-me')).toBe(true);
    expect(isPublishedSecret('a-random-value-nobody-has-seen')).toBe(false);
  });
});
