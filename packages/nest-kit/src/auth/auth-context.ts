import type { ExecutionContext } from '@nestjs/common';
import { GqlExecutionContext } from '@nestjs/graphql';
import type { Role } from '@salon/contracts';

/** Who is calling, as established by the auth guard from the verified token. */
export interface AuthContext {
  userId: string;
  role: Role;
  tokenId: string;
  issuedAt: number;
  expiresAt: number;
}

export interface RequestWithAuth {
  headers: Record<string, string | string[] | undefined>;
  ip?: string;
  auth?: AuthContext;
  /** The caller's effective permissions, loaded once per request by the permission guard. */
  permissions?: readonly string[];
}

/**
 * The underlying HTTP request for REST handlers and GraphQL resolvers alike. Federation reference
 * resolvers are called as (reference, context, info), one argument short of a field resolver, so
 * reading position 2 directly would find `info` there and no request; GqlExecutionContext
 * normalises both shapes.
 */
export function requestOf(context: ExecutionContext): RequestWithAuth | undefined {
  if (context.getType<string>() === 'graphql') {
    return GqlExecutionContext.create(context).getContext<{ req?: RequestWithAuth } | undefined>()?.req;
  }
  return context.switchToHttp().getRequest<RequestWithAuth>();
}
