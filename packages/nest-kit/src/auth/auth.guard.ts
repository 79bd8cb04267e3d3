import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { bearerToken, TokenRejectedError, TokenService } from '@salon/tokens';
import { UnauthenticatedError } from '../errors/app-errors.js';
import { requestOf } from './auth-context.js';
import { IS_PUBLIC } from './auth.decorators.js';

/**
 * Verifies the bearer token on every request (the gateway checked it too; services never trust
 * the edge alone). Public handlers still get `auth` when a valid token is present.
 *
 * On a subgraph this also runs for field and federation reference resolvers (`subgraphModule`
 * turns guards on for them): `_entities` is answered by the federation library, not by a handler
 * of ours, so without this an anonymous `_entities(representations: …)` would reach every
 * reference resolver and the fields under it. Anything without the request fails closed.
 */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly tokens: TokenService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const isPublic = this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, [context.getHandler(), context.getClass()]);
    const request = requestOf(context);
    if (!request) {
      if (isPublic) return true;
      throw new UnauthenticatedError();
    }
    // Verified earlier in this request (another root field, or the parent of this field resolver):
    // the same header, so checking it again per field would only cost a Redis round trip each.
    if (request.auth) return true;
    const token = bearerToken(request.headers.authorization);
    if (!token) {
      if (isPublic) return true;
      throw new UnauthenticatedError();
    }
    try {
      request.authPending ??= this.tokens.verify(token);
      const verified = (await request.authPending) as Awaited<ReturnType<TokenService['verify']>>;
      request.auth ??= {
        userId: verified.userId,
        role: verified.role,
        tokenId: verified.jti,
        issuedAt: verified.issuedAt,
        expiresAt: verified.expiresAt,
      };
      return true;
    } catch (error) {
      if (error instanceof TokenRejectedError) {
        if (isPublic) return true;
        throw new UnauthenticatedError();
      }
      throw error;
    }
  }
}
