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
  /**
   * The role this user was last issued a token for, kept as long as that token lives. A token is
   * only accepted while it matches, so a token nobody issued (a user that does not exist, a role
   * the user does not hold) or one of a deactivated user is refused.
   */
  userSession: (prefix: string, userId: string) => `${prefix}auth:session:${userId}`,
};
