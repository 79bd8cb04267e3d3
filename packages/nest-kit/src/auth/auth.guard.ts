import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { bearerToken, TokenRejectedError, TokenService } from '@salon/tokens';
import { UnauthenticatedError } from '../errors/app-errors.js';
import { requestOf } from './auth-context.js';
import { IS_PUBLIC } from './auth.decorators.js';

/**
 * Verifies the bearer token on every request (the gateway checked it too; services never trust
 * the edge alone). Public handlers still get `auth` when a valid token is present.
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
    if (!request) return true; // federation internals (_entities, _service) carry no request of ours
    const token = bearerToken(request.headers.authorization);
    if (!token) {
      if (isPublic) return true;
      throw new UnauthenticatedError();
    }
    try {
      const verified = await this.tokens.verify(token);
      request.auth = { userId: verified.userId, role: verified.role, tokenId: verified.jti, issuedAt: verified.issuedAt, expiresAt: verified.expiresAt };
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
