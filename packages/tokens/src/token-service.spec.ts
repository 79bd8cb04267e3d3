import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Redis } from 'ioredis';
import { SignJWT } from 'jose';
import { bearerToken, TokenRejectedError, TokenService } from './token-service.js';

const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const prefix = `test:tokens:${process.pid}:${Date.now()}:`;
const config = {
  secret: 'a-test-secret-that-is-long-enough-0123456789',
  issuer: 'salon-identity',
  audience: 'salon-platform',
  ttlSeconds: 60,
  redisPrefix: prefix,
};

let redis: Redis;
let tokens: TokenService;

beforeAll(() => {
  redis = new Redis(redisUrl, { lazyConnect: false, maxRetriesPerRequest: 1 });
  tokens = new TokenService(config, redis);
});
afterAll(async () => {
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length) await redis.del(...keys);
  await redis.quit();
});

const rejection = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (e: TokenRejectedError) => e.reason,
  );

describe('TokenService', () => {
  it('issues a token that verifies to its user and role', async () => {
    const { token } = await tokens.issue('user-1', 'staff');
    const verified = await tokens.verify(token);
    expect(verified).toMatchObject({ userId: 'user-1', role: 'staff' });
  });

  it('refuses a missing, malformed or foreign-signed token', async () => {
    expect(await rejection(tokens.verify(undefined))).toBe('missing');
    expect(await rejection(tokens.verify('not-a-jwt'))).toBe('malformed');
    const other = new TokenService({ ...config, secret: 'another-secret-that-is-long-enough-9876543210' }, redis);
    const { token } = await other.issue('user-1', 'admin');
    expect(await rejection(tokens.verify(token))).toBe('invalid');
  });

  it('refuses a token for another audience and one with alg none', async () => {
    const wrongAud = new TokenService({ ...config, audience: 'someone-else' }, redis);
    expect(await rejection(tokens.verify((await wrongAud.issue('u', 'staff')).token))).toBe('invalid');
    const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    const body = Buffer.from(
      JSON.stringify({ sub: 'u', role: 'admin', jti: 'x', iat: 1, exp: 9999999999, iss: config.issuer, aud: config.audience }),
    ).toString('base64url');
    expect(await rejection(tokens.verify(`${header}.${body}.`))).not.toBeNull();
  });

  it('refuses an expired token', async () => {
    const key = new TextEncoder().encode(config.secret);
    const past = Math.floor(Date.now() / 1000) - 120;
    const token = await new SignJWT({ role: 'staff' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('u')
      .setJti('j')
      .setIssuedAt(past)
      .setExpirationTime(past + 60)
      .setIssuer(config.issuer)
      .setAudience(config.audience)
      .sign(key);
    expect(await rejection(tokens.verify(token))).toBe('expired');
  });

  it('refuses a token it already accepted once its exp has passed (the signature check is remembered, not its expiry)', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const { token, claims } = await tokens.issue('user-exp', 'staff');
      expect((await tokens.verify(token)).userId).toBe('user-exp');
      vi.setSystemTime(claims.exp * 1000 - 1);
      expect((await tokens.verify(token)).userId).toBe('user-exp');
      vi.setSystemTime(claims.exp * 1000);
      expect(await rejection(tokens.verify(token))).toBe('expired');
    } finally {
      vi.useRealTimers();
    }
  });

  it('a changed copy of an accepted token is checked again, not taken from memory', async () => {
    const { token } = await tokens.issue('user-copy', 'staff');
    await tokens.verify(token);
    const [header, body, signature] = token.split('.');
    const claims = JSON.parse(Buffer.from(body!, 'base64url').toString());
    const forged = `${header}.${Buffer.from(JSON.stringify({ ...claims, role: 'admin' })).toString('base64url')}.${signature}`;
    expect(await rejection(tokens.verify(forged))).toBe('invalid');
  });

  it('refuses a revoked token but not another token of the same user', async () => {
    const a = await tokens.issue('user-2', 'staff');
    const b = await tokens.issue('user-2', 'staff');
    await tokens.revoke(await tokens.verify(a.token));
    expect(await rejection(tokens.verify(a.token))).toBe('revoked');
    expect((await tokens.verify(b.token)).userId).toBe('user-2');
  });

  it('refuses every earlier token of a user after revokeAllForUser', async () => {
    const key = new TextEncoder().encode(config.secret);
    const earlier = Math.floor(Date.now() / 1000) - 5;
    const old = await new SignJWT({ role: 'staff' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('user-3')
      .setJti('old')
      .setIssuedAt(earlier)
      .setExpirationTime(earlier + 60)
      .setIssuer(config.issuer)
      .setAudience(config.audience)
      .sign(key);
    await tokens.revokeAllForUser('user-3');
    expect(await rejection(tokens.verify(old))).toBe('revoked');
    const fresh = await tokens.issue('user-3', 'staff');
    expect((await tokens.verify(fresh.token)).userId).toBe('user-3');
  });

  it('refuses a well-signed token that was never issued (a user that does not exist): no live session', async () => {
    const key = new TextEncoder().encode(config.secret);
    const now = Math.floor(Date.now() / 1000);
    const forged = await new SignJWT({ role: 'admin' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('no-such-user')
      .setJti('forged')
      .setIssuedAt(now)
      .setExpirationTime(now + 60)
      .setIssuer(config.issuer)
      .setAudience(config.audience)
      .sign(key);
    expect(await rejection(tokens.verify(forged))).toBe('no-session');
  });

  it('refuses a token whose role is not the one its user was last issued (a promoted claim)', async () => {
    const { token: staffToken } = await tokens.issue('user-4', 'staff');
    const key = new TextEncoder().encode(config.secret);
    const now = Math.floor(Date.now() / 1000);
    const promoted = await new SignJWT({ role: 'admin' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('user-4')
      .setJti('promoted')
      .setIssuedAt(now)
      .setExpirationTime(now + 60)
      .setIssuer(config.issuer)
      .setAudience(config.audience)
      .sign(key);
    expect(await rejection(tokens.verify(promoted))).toBe('no-session');
    expect((await tokens.verify(staffToken)).role).toBe('staff');
  });

  it('ends every session of a deactivated user, including tokens issued in the same second', async () => {
    const { token } = await tokens.issue('user-5', 'staff');
    await tokens.revokeAllForUser('user-5');
    expect(await rejection(tokens.verify(token))).not.toBeNull();
    const again = await tokens.issue('user-5', 'staff');
    expect((await tokens.verify(again.token)).userId).toBe('user-5');
  });

  it('reads bearer tokens', () => {
    expect(bearerToken('Bearer abc.def')).toBe('abc.def');
    expect(bearerToken('bearer abc')).toBe('abc');
    expect(bearerToken('Basic abc')).toBeNull();
    expect(bearerToken(undefined)).toBeNull();
  });
});
