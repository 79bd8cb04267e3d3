import { randomUUID } from 'node:crypto';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import type { Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';
import { authKeys, JWT_ALGORITHM, ROLES, type AccessTokenClaims, type Role } from '@salon/contracts';

export interface TokenConfig {
  secret: string;
  issuer: string;
  audience: string;
  /** Lifetime in seconds. */
  ttlSeconds: number;
  /** Prefix of every Redis key, so tests and tenants can share one Redis. */
  redisPrefix: string;
}

export interface VerifiedToken {
  userId: string;
  role: Role;
  jti: string;
  issuedAt: number;
  expiresAt: number;
}

/** Why a token was refused; callers answer 401 either way, logs keep the reason. */
export class TokenRejectedError extends Error {
  constructor(readonly reason: 'missing' | 'malformed' | 'expired' | 'invalid' | 'revoked' | 'no-session') {
    super(`Token rejected: ${reason}`);
  }
}

/**
 * Issues and verifies the platform's access tokens. Verification is local (shared HS256 secret,
 * algorithm allowlist, exp/iss/aud) plus one Redis read of three keys: the token's own id
 * (logout), the user's "valid after" mark (password reset, role change, deactivation) and the
 * user's live session (set when a token is issued, removed when all of a user's tokens are
 * revoked). The last one means a signature alone is not enough: a token identity never issued
 * (for a user that does not exist, or with a role the user does not hold) is refused everywhere.
 */
export class TokenService {
  private readonly key: Uint8Array;
  /**
   * Tokens whose signature and claims were already checked, until they expire. A request carries
   * the same token as the one before it; checking its HMAC again (jose, through WebCrypto) was
   * ~7 % of a booking's CPU in the booking bench's profile. Only the signature check is kept: the
   * Redis read below (logout, "valid after", the live session) runs on every request.
   */
  private readonly signatureChecked = new LRUCache<string, VerifiedToken>({ max: 5_000 });

  constructor(
    private readonly config: TokenConfig,
    private readonly redis: Redis,
  ) {
    this.key = new TextEncoder().encode(config.secret);
  }

  async issue(userId: string, role: Role): Promise<{ token: string; claims: AccessTokenClaims }> {
    const jti = randomUUID();
    const iat = Math.floor(Date.now() / 1000);
    const exp = iat + this.config.ttlSeconds;
    const token = await new SignJWT({ role })
      .setProtectedHeader({ alg: JWT_ALGORITHM, typ: 'JWT' })
      .setSubject(userId)
      .setJti(jti)
      .setIssuedAt(iat)
      .setExpirationTime(exp)
      .setIssuer(this.config.issuer)
      .setAudience(this.config.audience)
      .sign(this.key);
    // The newest token lives longest, so its lifetime is the session's.
    await this.redis.set(authKeys.userSession(this.config.redisPrefix, userId), role, 'EX', this.config.ttlSeconds);
    return { token, claims: { sub: userId, role, jti, iat, exp } };
  }

  async verify(token: string | null | undefined): Promise<VerifiedToken> {
    if (!token) throw new TokenRejectedError('missing');
    const verified = this.signatureChecked.get(token) ?? (await this.checkSignature(token));
    if (verified.expiresAt * 1000 <= Date.now()) {
      this.signatureChecked.delete(token);
      throw new TokenRejectedError('expired');
    }
    const prefix = this.config.redisPrefix;
    const [revoked, validAfter, sessionRole] = await this.redis.mget(
      authKeys.revokedToken(prefix, verified.jti),
      authKeys.userTokensValidAfter(prefix, verified.userId),
      authKeys.userSession(prefix, verified.userId),
    );
    if (revoked) throw new TokenRejectedError('revoked');
    if (validAfter && verified.issuedAt < Number(validAfter)) throw new TokenRejectedError('revoked');
    if (sessionRole !== verified.role) throw new TokenRejectedError('no-session');
    return { ...verified };
  }

  /** The signature, algorithm, issuer, audience and claims of a token not seen before. */
  private async checkSignature(token: string): Promise<VerifiedToken> {
    let payload: Record<string, unknown>;
    try {
      ({ payload } = await jwtVerify(token, this.key, {
        algorithms: [JWT_ALGORITHM],
        issuer: this.config.issuer,
        audience: this.config.audience,
        requiredClaims: ['sub', 'jti', 'exp', 'iat'],
      }));
    } catch (error) {
      if (error instanceof joseErrors.JWTExpired) throw new TokenRejectedError('expired');
      throw new TokenRejectedError(error instanceof joseErrors.JWSInvalid ? 'malformed' : 'invalid');
    }
    const role = payload.role;
    if (typeof role !== 'string' || !(ROLES as readonly string[]).includes(role)) throw new TokenRejectedError('invalid');
    const verified: VerifiedToken = {
      userId: String(payload.sub),
      role: role as Role,
      jti: String(payload.jti),
      issuedAt: Number(payload.iat),
      expiresAt: Number(payload.exp),
    };
    this.signatureChecked.set(token, verified);
    return verified;
  }

  /** Logout: the token stays refused until it would have expired anyway. */
  async revoke(token: VerifiedToken): Promise<void> {
    const ttl = Math.max(1, token.expiresAt - Math.floor(Date.now() / 1000));
    await this.redis.set(authKeys.revokedToken(this.config.redisPrefix, token.jti), '1', 'EX', ttl);
  }

  /**
   * Refuses every token of a user issued until now (password reset, role change, deactivation):
   * the "valid after" mark covers tokens issued earlier, and the session is ended, so even a token
   * issued in this same second is refused. The next token issued (a new sign-in) opens a new one.
   */
  async revokeAllForUser(userId: string): Promise<void> {
    const now = Math.floor(Date.now() / 1000);
    const prefix = this.config.redisPrefix;
    await this.redis
      .multi()
      .set(authKeys.userTokensValidAfter(prefix, userId), String(now), 'EX', this.config.ttlSeconds)
      .del(authKeys.userSession(prefix, userId))
      .exec();
  }
}

/** Reads a bearer token from an Authorization header value. */
export function bearerToken(header: string | string[] | undefined): string | null {
  const value = Array.isArray(header) ? header[0] : header;
  if (!value) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(value.trim());
  return match ? match[1] : null;
}
