import type { Role } from './permissions.js';

/** Claims of the platform's access token; services verify it themselves (DESIGN §7). */
export interface AccessTokenClaims {
  sub: string;
  role: Role;
  jti: string;
  iat: number;
  exp: number;
}

export const JWT_ALGORITHM = 'HS256';

/** Redis keys shared by identity (writes) and every verifier (reads). */
export const authKeys = {
  revokedToken: (prefix: string, jti: string) => `${prefix}auth:revoked:${jti}`,
  /** Tokens of this user issued before this epoch second are no longer valid. */
  userTokensValidAfter: (prefix: string, userId: string) => `${prefix}auth:valid-after:${userId}`,
};
